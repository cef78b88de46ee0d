/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { compareFacts, type ComparisonFacts } from '../../../shared/compare/compare.ts';
import type { CarrierData, DateRange, VehicleDay } from '../../../shared/compare/facts.ts';
import type { CompareParams } from '../../../shared/compare/params.ts';
import type { DriverRow, VehicleRow } from '../../../shared/domain/carrier.ts';
import { getDb } from '../store/db.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/**
 * The carrier comparison off the UI thread: it reads the stored days itself
 * (no chunk crosses threads), answers with the metrics first, then again with
 * the trip analysis (the slow part) so the table appears at once.
 */
export interface CompareRequest {
  id: number;
  carriers: { carrierId: string; label: string }[];
  range: DateRange;
  params: CompareParams;
}

export type CompareReply =
  | { id: number; ok: true; stage: 'metrics' | 'trips'; facts: ComparisonFacts }
  | { id: number; ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The newest request id: an older one still loading stops early. */
let latest = 0;

async function loadCarrier(carrierId: string, label: string, range: DateRange): Promise<CarrierData> {
  const db = getDb();
  const [roster, coverage, snapshots] = await Promise.all([
    db.rosters.get([carrierId, 'vehicles']),
    db.coverage.where('carrierId').equals(carrierId).filter((c) => c.day >= range.from && c.day <= range.to).toArray(),
    db.snapshots.where('[carrierId+kind+takenAt]').between([carrierId, 'drivers', -Infinity], [carrierId, 'drivers', Infinity], true, true).toArray(),
  ]);
  const vehicleIds = [...new Set(coverage.map((c) => c.vehicleId))];
  const days: VehicleDay[] = [];
  await Promise.all(
    vehicleIds.map(async (vehicleId) => {
      const lo: [string, string] = [vehicleId, range.from];
      const hi: [string, string] = [vehicleId, range.to];
      const [chunks, summaries] = await Promise.all([
        db.chunks.where('[vehicleId+day]').between(lo, hi, true, true).toArray(),
        db.summaries.where('[vehicleId+day]').between(lo, hi, true, true).toArray(),
      ]);
      const chunkOf = new Map(chunks.filter((c) => c.carrierId === carrierId).map((c) => [c.day, c.chunk]));
      for (const s of summaries) {
        if (s.carrierId !== carrierId) continue;
        const { carrierId: _c, ...summary } = s;
        days.push({ vehicleId, day: s.day, summary, chunk: chunkOf.get(s.day) ?? null });
      }
    }),
  );
  return {
    carrierId,
    label,
    roster: roster ? (roster.rows as VehicleRow[]).map((v) => ({ vehicleId: v.vehicleId, number: v.number })) : null,
    days,
    driverSnapshots: snapshots.map((s) => ({ takenAt: s.takenAt, rows: s.rows as DriverRow[] })),
  };
}

scope.onmessage = (ev: MessageEvent<CompareRequest>) => {
  const req = ev.data;
  latest = req.id;
  void (async () => {
    try {
      const data = await Promise.all(req.carriers.map((c) => loadCarrier(c.carrierId, c.label, req.range)));
      if (req.id !== latest) return;
      scope.postMessage({ id: req.id, ok: true, stage: 'metrics', facts: compareFacts(data, req.range, req.params) } satisfies CompareReply);
      // Let a newer request (parameters changed again) cancel the slow part.
      await new Promise((r) => setTimeout(r, 0));
      if (req.id !== latest) return;
      scope.postMessage({ id: req.id, ok: true, stage: 'trips', facts: compareFacts(data, req.range, req.params, analyzeTrack) } satisfies CompareReply);
    } catch (err) {
      scope.postMessage({ id: req.id, ok: false, message: errorText(err) } satisfies CompareReply);
    }
  })();
};
