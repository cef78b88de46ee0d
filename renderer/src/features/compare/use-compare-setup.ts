import { useState } from 'react';
import { MAX_CARRIERS, MIN_CARRIERS, type ComparisonFacts } from '../../../../shared/compare/compare.ts';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { AppInfo, RouteLensApi } from '../../../../shared/ipc/contract.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { printComparison, saveComparisonCsv } from './export.ts';

/**
 * The carriers ticked for comparison: those `initial` names that still exist (where the page was left),
 * else the first two; never more than MAX_CARRIERS.
 */
export function useCarrierPicks(carriers: readonly CarrierView[], initial?: readonly string[]) {
  const [picked, setPicked] = useState<string[] | null>(() =>
    initial && initial.length > 0 ? initial.slice(0, MAX_CARRIERS) : null,
  );
  const known = picked?.filter((id) => carriers.some((c) => c.id === id));
  const selected = known && known.length > 0 ? known : carriers.slice(0, MIN_CARRIERS).map((c) => c.id);
  const toggle = (id: string) =>
    setPicked(
      selected.includes(id)
        ? selected.filter((x) => x !== id)
        : selected.length >= MAX_CARRIERS
          ? selected
          : [...selected, id],
    );
  return { selected, toggle };
}

/** The CSV and the printed report of the facts shown, saved the way this shell saves (dialog or download). */
export function useCompareExports(
  api: RouteLensApi,
  info: AppInfo,
  facts: ComparisonFacts | null,
  say: (m: string | null) => void,
  fail: (m: string) => void,
) {
  const exportCsv = async () => {
    if (!facts) return;
    try {
      const out = await saveComparisonCsv(api, info.saveMode, facts);
      say(out.kind === 'saved' ? `Saved ${out.path}` : out.kind === 'downloaded' ? `Downloaded ${out.name}` : null);
    } catch (e) {
      fail(errorText(e));
    }
  };
  const exportReport = async () => {
    if (!facts) return;
    try {
      const out = await printComparison(api, info.canPrintToPdf, facts);
      if (out.kind === 'saved') say(`Saved ${out.path}`);
    } catch (e) {
      fail(errorText(e));
    }
  };
  return { exportCsv, exportReport };
}
