import { useEffect, useState } from 'react';
import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import type { CarrierFacts } from '../../../../shared/compare/facts.ts';
import { useAppState } from '../../app/app-state.tsx';
import { createJob } from '../../downloads/manager.ts';
import { vehicleRoster } from '../../downloads/roster.ts';

import { errorText } from '../../../../shared/util/error-text.ts';

interface Pending {
  /** Carriers whose roster was just fetched: the comparison must show it before their days are known. */
  waitingFor: string[];
  failed: string[];
}

/**
 * "Download the missing days" for every compared carrier, never skipping one silently: a carrier whose
 * vehicle list was never loaded has its roster fetched first, and the download starts once the
 * comparison has recomputed with it; a roster that cannot be loaded is named, with the reason.
 */
export function useDownloadMissing(
  facts: ComparisonFacts | null,
  say: (message: string) => void,
  fail: (message: string) => void,
) {
  const { api } = useAppState();
  const [pending, setPending] = useState<Pending | null>(null);
  const carriers = facts?.carriers ?? [];
  const withoutRoster = carriers.filter((c) => c.rosterSize === null);
  const missing = carriers.filter((c) => c.missing.length > 0);

  const start = async () => {
    const failed: string[] = [];
    const waitingFor: string[] = [];
    for (const c of withoutRoster) {
      try {
        await vehicleRoster(api, c.carrierId, false);
        waitingFor.push(c.carrierId);
      } catch (e) {
        failed.push(`${c.label} (${errorText(e)})`);
      }
    }
    setPending({ waitingFor, failed });
  };

  useEffect(() => {
    if (!pending || !facts) return;
    if (facts.carriers.some((c) => pending.waitingFor.includes(c.carrierId) && c.rosterSize === null)) return;
    setPending(null);
    void downloadAll(facts.carriers.filter((c) => c.missing.length > 0)).then(
      (started) => {
        const notLoaded =
          pending.failed.length > 0
            ? ` Not included: the vehicle list of ${pending.failed.join('; ')} could not be loaded.`
            : '';
        const what =
          started.length > 0
            ? `Download started for ${started.join(', ')}: see the Downloads screen. The comparison updates as days arrive.`
            : 'Nothing is missing.';
        (pending.failed.length > 0 ? fail : say)(`${what}${notLoaded}`);
      },
      (e: unknown) => fail(errorText(e)),
    );
  }, [facts, pending, say, fail]);

  return { offered: missing.length > 0 || withoutRoster.length > 0, busy: pending !== null, start };
}

async function downloadAll(carriers: readonly CarrierFacts[]): Promise<string[]> {
  const started: string[] = [];
  for (const c of carriers) {
    const days = c.missing.flatMap((m) => m.days).sort();
    await createJob({
      carrierId: c.carrierId,
      carrierLabel: c.label,
      vehicles: c.missing.map((m) => ({ vehicleId: m.vehicleId, vehicleNumber: m.number })),
      from: days[0]!,
      to: days[days.length - 1]!,
      selection: 'some',
    });
    started.push(c.label);
  }
  return started;
}
