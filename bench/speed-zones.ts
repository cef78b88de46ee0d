/**
 * Speed zones: `npx tsx bench/speed-zones.ts` (also run by `npm run bench`). A file of 10,000 zones (the
 * file cap), each a 12-corner ring about 300 m across (every tenth with a hole), coordinates to 6 decimals as exported, scattered over a 1° × 1° area; six months
 * of one truck (180,000 readings) laid over them. Figures: parseSpeedZones on the file (baseline in the
 * same run: JSON.parse alone of the same text) and overlayZones on an empty match of the readings
 * (baseline: the bare R-tree lookups of the same points, no polygon test).
 */
import { createRoadIndex } from '../shared/roads/road-index.ts';
import type { RoadMatch } from '../shared/roads/match.ts';
import { parseSpeedZones } from '../shared/roads/zones-parse.ts';
import { overlayZones } from '../shared/roads/zones-overlay.ts';
import { rng } from '../test/support/tracks.ts';
import { report } from './lib/figures.ts';
import { timed } from './lib/timed.ts';

const ZONES = 10_000;
const READINGS = 180_000;
const RUNS = 5;
const next = rng(2026);

function ring(lng: number, lat: number, r: number, corners: number): number[][] {
  const pts = Array.from({ length: corners }, (_, k) => {
    const a = (k / corners) * 2 * Math.PI;
    return [Number((lng + r * Math.cos(a)).toFixed(6)), Number((lat + r * Math.sin(a)).toFixed(6))];
  });
  return [...pts, pts[0]!];
}

const features = Array.from({ length: ZONES }, (_, k) => {
  const [lng, lat] = [-77 + next(), 39 + next()];
  const outer = ring(lng, lat, 0.0015, 12);
  const rings = k % 10 === 0 ? [outer, ring(lng, lat, 0.0003, 6)] : [outer];
  return {
    type: 'Feature',
    properties: { maxspeed: `${10 + (k % 30)} mph`, name: `Zone ${k}` },
    geometry: { type: 'Polygon', coordinates: rings },
  };
});
const text = JSON.stringify({ type: 'FeatureCollection', features });
const lat = Float64Array.from({ length: READINGS }, () => 39 + next());
const lng = Float64Array.from({ length: READINGS }, () => -77 + next());

const mb = text.length / 1e6;
const bareJson = timed(() => JSON.parse(text) as unknown, RUNS);
const parsed = timed(() => parseSpeedZones(text), RUNS);
if (!parsed.value.ok) throw new Error(parsed.value.reasons.join('; '));
const zones = parsed.value.zones;
console.log(`speed-zones: ${ZONES} zones, ${mb.toFixed(1)} MB; ${READINGS} readings`);
report({
  bench: 'speed-zones',
  name: `parseSpeedZones, ${ZONES} zones (${mb.toFixed(1)} MB)`,
  unit: 'ms',
  samples: parsed.ms,
  baselines: [{ name: 'JSON.parse alone of the same text', samples: bareJson.ms }],
});

const empty: RoadMatch = {
  length: READINGS,
  way: new Int32Array(READINGS).fill(-1),
  dir: new Int8Array(READINGS),
  limitMph: new Float64Array(READINGS).fill(NaN),
  source: Array.from({ length: READINGS }, () => 'none' as const),
  certain: Array.from({ length: READINGS }, () => false),
  confidence: new Float64Array(READINGS),
};
const roads = createRoadIndex([], []);
const readings = { length: READINGS, lat, lng };
const bareTree = timed(() => {
  let hits = 0;
  for (let i = 0; i < READINGS; i++) hits += zones.tree!.search(lng[i]!, lat[i]!, lng[i]!, lat[i]!).length;
  return hits;
}, RUNS);
const overlay = timed(() => overlayZones(roads, zones, readings, empty), RUNS);
const inside = overlay.value.source.filter((s) => s === 'zone').length;
console.log(`  ${inside} readings inside a zone, ${bareTree.value} inside a zone's box`);
report({
  bench: 'speed-zones',
  name: `overlayZones, ${READINGS} readings over ${ZONES} zones`,
  unit: 'ms',
  samples: overlay.ms,
  baselines: [{ name: 'bare R-tree lookups of the same points', samples: bareTree.ms }],
});
