/**
 * Time to compute the carrier comparison for 3 carriers × 90 vehicles × 30
 * days, generated (test/support/fleet-templates.ts: tracks.ts random plans). Target: under 1 s.
 * Figures: with stored summaries whose parameters match (the usual case), and
 * with another speeding threshold (every summary recomputed from its chunk).
 * The trip analysis (average trip length) is timed on its own: the page shows
 * the table first and fills that row when the analysis is done. The compare workers' path on home-zone
 * days (shared/compare/carrier-comparison.ts): the metrics and the trip analysis alone, which the page runs
 * in two workers side by side, beside the one-worker path before them (metrics, then every fact again with the analysis).
 * Run: `npx tsx bench/compare-carriers.ts` (or `npm run bench compare-carriers`).
 */
import { analyzeTrack } from '../shared/analysis/analyze.ts';
import { comparedMetrics, comparedTrips } from '../shared/compare/carrier-comparison.ts';
import { compareFacts, metricRows } from '../shared/compare/compare.ts';
import { carrierFacts } from '../shared/compare/facts.ts';
import { localVehicleDays } from '../shared/compare/local-vehicle-days.ts';
import type { CarrierData, VehicleDay } from '../shared/compare/facts.ts';
import { resolveCompareParams, summaryParamsOf } from '../shared/compare/params.ts';
import { summarizeDay } from '../shared/track/summary.ts';
import { addDays } from '../shared/util/day.ts';
import { fleetTemplates, fleetVehicle, fleetVehicleDays, templateOf } from '../test/support/fleet-templates.ts';

const CARRIERS = 3;
const VEHICLES = 90;
const DAYS = 30;
const FROM = '2026-06-01';
const range = { from: FROM, to: addDays(FROM, DAYS - 1) };

const t0 = performance.now();
const stored = summaryParamsOf(resolveCompareParams());
/** 30 distinct 30-day tracks (test/support/fleet-templates.ts, shared with bench/inbox.ts); a day's summary computed once per template. */
const templates = fleetTemplates(FROM, DAYS);
const summaries = templates.map((chunks) => chunks.map((chunk) => summarizeDay(chunk, stored)));

function makeCarrier(c: number): { data: CarrierData; points: number } {
  const days: VehicleDay[] = [];
  const roster: { vehicleId: string; number: string }[] = [];
  let points = 0;
  for (let v = 0; v < VEHICLES; v++) {
    const { vehicleId, number } = fleetVehicle(c, v);
    roster.push({ vehicleId, number });
    const summaryOf = summaries[templateOf(c, v)]!;
    fleetVehicleDays(templates, c, v).forEach((chunk, k) => {
      points += chunk.length;
      days.push({ vehicleId, day: chunk.day, chunk, summary: { ...summaryOf[k]!, vehicleId } });
    });
  }
  return { data: { carrierId: `c${c}`, label: `Carrier ${c}`, roster, days, driverSnapshots: [] }, points };
}

function time(label: string, run: () => void, reps = 5): number {
  run();
  const ms: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)]!;
  console.log(
    `${label.padEnd(58)} median ${median.toFixed(0).padStart(5)} ms  (min ${ms[0]!.toFixed(0)}, max ${ms[ms.length - 1]!.toFixed(0)})  ${median < 1000 ? 'OK' : 'OVER 1 s'}`,
  );
  return median;
}

const made = Array.from({ length: CARRIERS }, (_, c) => makeCarrier(c));
const carriers = made.map((m) => m.data);
const vehicleDays = carriers.reduce((n, c) => n + c.days.length, 0);
const points = made.reduce((n, m) => n + m.points, 0);
console.log(
  `generated ${CARRIERS} carriers × ${VEHICLES} vehicles × ${DAYS} days: ${vehicleDays} vehicle-days, ${points.toLocaleString('en-US')} points in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const same = resolveCompareParams();
const other = resolveCompareParams({ speedingThresholdMph: 65 });
time('compare, stored summaries match the parameters', () => metricRows(compareFacts(carriers, range, same).carriers));
time(
  'compare, threshold changed (all summaries recomputed)',
  () => metricRows(compareFacts(carriers, range, other).carriers),
  3,
);
time(
  'compare + trip analysis (average trip length)',
  () => metricRows(compareFacts(carriers, range, same, analyzeTrack).carriers),
  3,
);

// The workers read the stored days as their home zone's days; Chicago's are not UTC days.
const ZONE = 'America/Chicago';
const today = addDays(range.to, 1);
const homeCarriers = carriers.map((c) => ({
  ...c,
  stored: c.days.map((d) => ({ vehicleId: d.vehicleId, day: d.day, complete: true })),
}));
const metricsMs = time(
  'home-zone metrics (the metrics worker)',
  () => homeCarriers.map((c) => comparedMetrics(c, ZONE, range, same, today)),
  3,
);
const tripsMs = time(
  'home-zone trip analysis alone (the trips worker)',
  () => homeCarriers.map((c) => comparedTrips(c, ZONE, range, same, analyzeTrack, undefined)),
  3,
);
const beforeMs = time(
  'home-zone metrics, then every fact with trips (one worker)',
  () =>
    homeCarriers.map((c) => {
      const local = { ...c, zone: ZONE, days: localVehicleDays(c.days, ZONE, range, same) };
      return [carrierFacts(local, range, same), carrierFacts(local, range, same, analyzeTrack)];
    }),
  3,
);
console.log(
  `two workers side by side wait for the slower (${Math.max(metricsMs, tripsMs).toFixed(0)} ms): ${(Math.max(metricsMs, tripsMs) / beforeMs).toFixed(2)} of one worker's ${beforeMs.toFixed(0)} ms, on two free cores`,
);
