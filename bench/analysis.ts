/**
 * Trip/stop/event analysis and chart downsampling over six months of one
 * truck: `npx tsx bench/analysis.ts`. Target: analyzeTrack well under 300 ms.
 * Two inputs: the random generator of test/support/tracks.ts (busier than a
 * real truck) and the simulator's ground truth for a demo vehicle, parsed and
 * chunked as the sync engine does before the clock starts.
 */
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import { analyzeTrack } from '../shared/analysis/analyze.ts';
import { downsampleStatusBands, lttb, m4, trackSeries } from '../shared/analysis/downsample.ts';
import { parseLocationRecord } from '../shared/api/validate.ts';
import type { Breadcrumb, DayChunk } from '../shared/track/types.ts';
import { generateRandomTrack, toDayChunks } from '../test/support/tracks.ts';

const RUNS = 7;

function simulatorChunks(): DayChunk[] {
  const NOW = Date.parse('2026-11-20T15:00:00.000Z');
  const world = createSimulatorWorld({ now: () => NOW });
  const carrier = world.truth.carriers()[0];
  const vehicle = carrier && world.truth.vehicles(carrier.id)[0];
  if (!carrier || !vehicle) throw new Error('the simulator has no vehicle');
  const points: Breadcrumb[] = [];
  for (const r of world.truth.history(carrier.id, vehicle.vehicle_id, world.truth.windowStart(), world.truth.today())) {
    const p = parseLocationRecord(r);
    if (p.ok) points.push(p.value);
  }
  return toDayChunks(vehicle.vehicle_id, points);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(label: string, fn: () => unknown): number {
  fn(); // warm-up: the first call includes JIT compilation
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    ms.push(performance.now() - start);
  }
  const m = median(ms);
  console.log(
    `  ${label}: median ${m.toFixed(1)} ms, min ${Math.min(...ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (${RUNS} runs)`,
  );
  return m;
}

function bench(name: string, chunks: DayChunk[]): void {
  const points = chunks.reduce((n, c) => n + c.length, 0);
  console.log(`${name}: ${chunks.length} days, ${points} points`);
  const a = analyzeTrack(chunks);
  const kinds = (['speeding', 'long-stop', 'gap'] as const).map(
    (k) => `${a.events.filter((e) => e.kind === k).length} ${k}`,
  );
  console.log(`  ${a.trips.length} trips, ${a.stops.length} stops, events: ${kinds.join(', ')}`);
  const analyze = time('analyzeTrack', () => analyzeTrack(chunks));
  const series = trackSeries(chunks, 'speed');
  time('trackSeries(speed)', () => trackSeries(chunks, 'speed'));
  time('lttb(speed, 2000)', () => lttb(series.t, series.v, 2000));
  time('m4(speed, 1600 px)', () => m4(series.t, series.v, 1600));
  time('downsampleStatusBands(1600 px)', () => downsampleStatusBands(chunks, 1600));
  console.log(`analysis ${name}: analyzeTrack ${analyze.toFixed(1)} ms for ${points} points (target < 300 ms)`);
}

// The generator is sparser per day than the brief's ~150k points per six months: take more days to match the size.
bench(
  'generated (test/support/tracks.ts, 150k points)',
  toDayChunks('bench-vehicle', generateRandomTrack(2026, 240).slice(0, 150_000)),
);
bench('simulator truth (6 months, first demo vehicle)', simulatorChunks());
