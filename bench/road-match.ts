/**
 * Matching six months of one truck to roads: `npx tsx bench/road-match.ts`
 * (also run by `npm run bench`). 180,000 readings one a minute (the API's
 * cadence while moving), driven at random through a generated 60 × 60 grid of
 * streets 250 m apart (7,080 segments, test/support/road-traces.ts), ±15 m
 * GPS noise, ±10° heading noise. Figures: matchReadings (candidates, routes
 * between readings, forward-backward) and overLimitRuns on its result;
 * baseline in the same run: a bare nearest-segment lookup of the same points
 * (the spatial index's candidates, the nearest by exact distance), what a
 * matcher without continuity or speed would do. Quality is printed beside:
 * readings on the way driven, wrong yet certain, uncertain.
 */
import { projectOnSegment } from '../shared/roads/match-geometry.ts';
import { matchReadings } from '../shared/roads/match.ts';
import { overLimitRuns } from '../shared/roads/over-limit.ts';
import type { RoadIndex } from '../shared/roads/types.ts';
import { driveTrace, gridDrive, gridNetwork, type Trace } from '../test/support/road-traces.ts';
import { report } from './lib/figures.ts';

const READINGS = 180_000;
const RUNS = 3;
const GRID = 60;

function nearestSegmentWays(index: RoadIndex, tr: Trace): Int32Array {
  const out = new Int32Array(tr.length).fill(-1);
  const c = index.segCoords;
  for (let i = 0; i < tr.length; i++) {
    let best = Infinity;
    for (const s of index.near(tr.lat[i]!, tr.lng[i]!, 50)) {
      const d = projectOnSegment(
        tr.lat[i]!,
        tr.lng[i]!,
        c[4 * s]!,
        c[4 * s + 1]!,
        c[4 * s + 2]!,
        c[4 * s + 3]!,
      ).distanceM;
      if (d <= 50 && d < best) [best, out[i]] = [d, index.segWay[s]!];
    }
  }
  return out;
}

function timed<T>(fn: () => T): { ms: number[]; value: T } {
  let value = fn(); // warm-up: the first call includes JIT compilation
  const ms: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    value = fn();
    ms.push(performance.now() - t0);
  }
  return { ms, value };
}

const index = gridNetwork(GRID, 250);
// About 0.7 readings a leg at one a minute: drive enough legs, then keep the first READINGS readings.
const full = driveTrace(index, gridDrive(GRID, Math.ceil(READINGS * 1.5), 2026), {
  intervalS: 60,
  noiseM: 15,
  headingNoiseDeg: 10,
  seed: 2026,
});
if (full.length < READINGS) throw new Error(`the drive gave ${full.length} readings, fewer than ${READINGS}`);
const tr = { ...full, length: READINGS };
console.log(`road-match: ${READINGS} readings at 60 s on ${index.segWay.length} segments (${index.ways.length} ways)`);

const bare = timed(() => nearestSegmentWays(index, tr));
const match = timed(() => matchReadings(index, tr));
const runs = timed(() => overLimitRuns(index, tr, match.value));

let right = 0;
let bareRight = 0;
let wrongCertain = 0;
let uncertain = 0;
for (let i = 0; i < READINGS; i++) {
  const ok = match.value.way[i] === tr.trueWay[i];
  if (ok) right++;
  if (bare.value[i] === tr.trueWay[i]) bareRight++;
  if (!ok && match.value.certain[i]) wrongCertain++;
  if (!match.value.certain[i]) uncertain++;
}
const pct = (x: number) => `${((100 * x) / READINGS).toFixed(2)} %`;
console.log(
  `  on the way driven: matched ${pct(right)}, nearest segment ${pct(bareRight)}; ` +
    `wrong yet certain ${pct(wrongCertain)}; uncertain ${pct(uncertain)}; ${runs.value.length} over-the-limit events`,
);

report({
  bench: 'road-match',
  name: `matchReadings, ${READINGS} readings at 60 s`,
  unit: 'ms',
  samples: match.ms,
  baselines: [{ name: 'bare nearest-segment lookup of the same points', samples: bare.ms }],
});
report({ bench: 'road-match', name: `overLimitRuns on the match`, unit: 'ms', samples: runs.ms });
