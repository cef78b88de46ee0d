import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import type { ExportContext } from '../../shared/export/context.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { addDays } from '../../shared/util/day.ts';
import { world } from './harness/app.ts';
import { expectSpeedingAsByHand } from './independent-events.ts';

/** The demo simulator's readings of one vehicle-range as day chunks, parsed the way the app stores them. */
export function truthChunks(carrierId: string, vehicleId: string, from: string, to: string): DayChunk[] {
  const sim = carrierId.replace(/^demo-/, '');
  const points: Breadcrumb[] = [];
  for (const r of world.truth.history(sim, vehicleId, from, to)) {
    const p = parseLocationRecord(r);
    if (p.ok) points.push(p.value);
  }
  const out: DayChunk[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const c = buildDayChunk(vehicleId, d, points);
    if (c.length > 0) out.push(c);
  }
  return out;
}

/** The analysis the screens should show; its speeding events are first checked against an independent rule. */
export function truthAnalysis(chunks: DayChunk[], thresholdMph = 70, params: Partial<AnalysisParams> = {}) {
  const analysis = analyzeTrack(chunks, { ...params, speedingThresholdMph: thresholdMph });
  expectSpeedingAsByHand(analysis.events, chunks, thresholdMph, params.speedingMinSeconds ?? 60, params.gapSeconds ?? 1_200);
  return analysis;
}

/**
 * What the app's trips and events exports of a demo carrier say about who and
 * where: the legal name and USDOT number it remembered from company-info,
 * the vehicle of the chunks, and local times in the carrier's home zone.
 */
export function truthExportContext(carrierId: string, chunks: readonly DayChunk[]): ExportContext {
  const sim = carrierId.replace(/^demo-/, '');
  const company = world.truth.company(sim);
  const carrier = world.truth.carriers().find((c) => c.id === sim)!;
  return { carrierName: company.company_name, dotNumber: company.dot_number, vehicleId: chunks[0]!.vehicleId, vehicleNumber: chunks[0]!.vehicleNumber, vin: chunks[0]!.vin, zone: carrier.homeZone };
}
