/**
 * Matching six months of one truck to roads: `npx tsx bench/road-match.ts`
 * (also run by `npm run bench`). 180,000 readings one a minute (the API's
 * cadence while moving), driven at random through a generated 60 × 60 grid of
 * streets 250 m apart (7,080 segments, test/support/road-traces.ts), ±15 m
 * GPS noise, ±10° heading noise; then the same on the Baltimore extract
 * (../shared/osm/, 16,665 segments), driven at random over its real ways
 * (half-hour pauses after a dead end). Figures: matchReadings (candidates, routes
 * between readings, forward-backward) and overLimitRuns on its result;
 * baseline in the same run: a bare nearest-segment lookup of the same points
 * (the spatial index's candidates, the nearest by exact distance), what a
 * matcher without continuity or speed would do. Quality is printed beside:
 * readings on the way driven, certain yet on another way or with another
 * limit (what could make a false event), uncertain.
 *
 * Also the road graph each worker builds once per index before its first match (shared/roads/match-graph.ts),
 * on Baltimore and on a 300 × 300 grid (a large user extract's size): the first build in this process and
 * warm builds, beside the same graph built with a text key per segment end (the build it replaced).
 */
import { projectOnSegment } from '../shared/roads/match-geometry.ts';
import { matchReadings } from '../shared/roads/match.ts';
import { roadGraphOf } from '../shared/roads/match-graph.ts';
import { roadIndexOf } from '../shared/roads/road-index.ts';
import { referenceGraph } from '../test/support/road-graph-reference.ts';
import { overLimitRuns } from '../shared/roads/over-limit.ts';
import type { RoadIndex } from '../shared/roads/types.ts';
import { driveTrace, gridDrive, gridNetwork, randomDrive, type Trace } from '../test/support/road-traces.ts';
import { buildRoadIndexFromFile } from '../electron/node/roads/build.ts';
import path from 'node:path';
import { report } from './lib/figures.ts';
import { timed } from './lib/timed.ts';

const READINGS = 180_000;
const RUNS = 3;
const GRID = 60;
const BALTIMORE = path.resolve(import.meta.dirname, '../../shared/osm/baltimore.osm.pbf');

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

/** Matches READINGS readings of `drive` on `index` beside the bare lookup; prints how often each found the way driven. */
function bench(label: string, index: RoadIndex, full: Trace): void {
  if (full.length < READINGS) throw new Error(`the drive gave ${full.length} readings, fewer than ${READINGS}`);
  const tr = { ...full, length: READINGS };
  console.log(
    `road-match ${label}: ${READINGS} readings at 60 s on ${index.segWay.length} segments (${index.ways.length} ways)`,
  );
  const bare = timed(() => nearestSegmentWays(index, tr), RUNS);
  const match = timed(() => matchReadings(index, tr), RUNS);
  const runs = timed(() => overLimitRuns(index, tr, match.value), RUNS);
  const m = match.value;
  const q = { right: 0, bareRight: 0, wrongCertain: 0, wrongLimitCertain: 0, uncertain: 0 };
  for (let i = 0; i < READINGS; i++) {
    const ok = m.way[i] === tr.trueWay[i];
    const w = index.ways[tr.trueWay[i]!]!;
    const limit = tr.trueDir[i]! > 0 ? w.forwardMph : w.backwardMph;
    if (ok) q.right++;
    if (bare.value[i] === tr.trueWay[i]) q.bareRight++;
    if (!ok && m.certain[i]) q.wrongCertain++;
    if (m.certain[i] && !(Math.abs(m.limitMph[i]! - limit) < 0.5)) q.wrongLimitCertain++;
    if (!m.certain[i]) q.uncertain++;
  }
  const pct = (x: number) => `${((100 * x) / READINGS).toFixed(2)} %`;
  console.log(
    `  on the way driven: matched ${pct(q.right)}, nearest segment ${pct(q.bareRight)}; certain yet on another way ` +
      `${pct(q.wrongCertain)}, with another limit ${pct(q.wrongLimitCertain)}; uncertain ${pct(q.uncertain)}; ` +
      `${runs.value.length} over-the-limit events`,
  );
  report({
    bench: 'road-match',
    name: `matchReadings, ${READINGS} readings at 60 s, ${label}`,
    unit: 'ms',
    samples: match.ms,
    baselines: [{ name: 'bare nearest-segment lookup of the same points', samples: bare.ms }],
  });
  report({ bench: 'road-match', name: `overLimitRuns on the match, ${label}`, unit: 'ms', samples: runs.ms });
}

const noise = { intervalS: 60, noiseM: 15, headingNoiseDeg: 10, seed: 2026 };
// About 0.7 readings a leg on the grid, 0.3 in Baltimore (short ways): drive enough legs for READINGS readings.
const grid = gridNetwork(GRID, 250);
bench('generated grid', grid, driveTrace(grid, gridDrive(GRID, Math.ceil(READINGS * 1.5), 2026), noise));
const baltimore = (await buildRoadIndexFromFile(BALTIMORE)).index;
bench('Baltimore extract', baltimore, driveTrace(baltimore, randomDrive(baltimore, READINGS * 4, 2026), noise));

/** The graph of a fresh index object over the same arrays (roadGraphOf keeps one graph per index object). */
function benchGraph(label: string, index: RoadIndex): void {
  const fresh = () => roadIndexOf(index.ways, index.segWay, index.segCoords, null);
  const t0 = performance.now();
  roadGraphOf(fresh());
  const first = performance.now() - t0;
  const built = timed(() => roadGraphOf(fresh()), RUNS);
  const text = timed(() => referenceGraph(fresh()), RUNS);
  console.log(`road-match graph of ${label}: ${index.segWay.length} segments; first build ${first.toFixed(1)} ms`);
  report({
    bench: 'road-match',
    name: `road graph of ${label}`,
    unit: 'ms',
    samples: built.ms,
    baselines: [{ name: 'text-keyed nodes', samples: text.ms }],
  });
}

benchGraph('the Baltimore extract', baltimore);
benchGraph('a 300 × 300 grid', gridNetwork(300, 250));
