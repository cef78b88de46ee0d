/**
 * Road-limit import figures: `npx tsx bench/road-import.ts` (also run by
 * `npm run bench`). For each real extract in ../shared/osm/ and a large
 * generated `.osm.pbf` (≥ 50 MB: a grid of roads among loose nodes, written
 * once with the `pbf` package into the temp dir and reused), the import's
 * throughput (MB of file a second, both passes) and its peak memory (RSS and
 * JS heap, sampled every 10 ms), beside the same-run baseline of reading the
 * same file with osm-pbf-parser-node alone (every item iterated, nothing
 * kept). Each measurement runs in a fresh child process so peaks are its own.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OSMTransform } from 'osm-pbf-parser-node';
import { createReadStream } from 'node:fs';
import { buildRoadIndexFromFile } from '../electron/node/roads/build.ts';
import {
  headerBlob,
  nodesBlob,
  waysBlob,
  writeBlobs,
  BLOCK_ENTITIES,
  type GenWay,
} from '../test/support/osm-pbf-write.ts';
import { report } from './lib/figures.ts';

const OSM = path.resolve(import.meta.dirname, '../../shared/osm');
const LARGE = path.join(tmpdir(), 'routelens-bench-roads', 'generated-grid-v1.osm.pbf');
const LARGE_MIN_BYTES = 50e6;

type Mode = 'import' | 'baseline';
interface ChildResult {
  seconds: number[];
  peakRssMB: number;
  peakHeapMB: number;
}

/** In the child: run `mode` on `file` `runs` times, sampling memory. */
async function child(mode: Mode, file: string, runs: number): Promise<ChildResult> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const seconds: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    if (mode === 'import') await buildRoadIndexFromFile(file);
    else await readAll(file);
    seconds.push((performance.now() - t0) / 1000);
    sample();
  }
  clearInterval(timer);
  return { seconds, peakRssMB: peakRss / 1e6, peakHeapMB: peakHeap / 1e6 };
}

/** The baseline: the PBF library alone, every item touched, nothing kept. */
async function readAll(file: string): Promise<number> {
  let items = 0;
  for await (const batch of createReadStream(file).pipe(new OSMTransform()) as AsyncIterable<unknown[]>)
    for (const item of batch) if (item) items++;
  return items;
}

function inChild(mode: Mode, file: string, runs: number): ChildResult {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--child', mode, file, String(runs)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) throw new Error(`child ${mode} ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ChildResult;
}

/**
 * The large extract: rows of east-west residential roads and north-south primaries
 * (a grid, 40 nodes a way) with jittered nodes, among as many loose nodes again
 * (points of interest the importer must skip), near Indianapolis (US-IN defaults).
 */
function writeLargeExtract(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial-${process.pid}`;
  const fd = openSync(tmp, 'w');
  let bytes = writeBlobs(fd, headerBlob());
  let id = 1;
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const WAY_NODES = 40;
  const ways: GenWay[] = [];
  let wayId = 1;
  let row = 0;
  while (bytes < LARGE_MIN_BYTES) {
    const nodes = [];
    for (let k = 0; k < BLOCK_ENTITIES; k++) {
      const i = id++;
      const lat = 39.5 + row * 0.0005 + rand() * 0.0001;
      const lng = -86.5 + (k % WAY_NODES) * 0.0005 + Math.floor(k / WAY_NODES) * 0.02 + rand() * 0.0001;
      nodes.push({ id: i, lat, lng });
    }
    bytes += writeBlobs(fd, nodesBlob(nodes));
    // Half the blocks are roads (one way per 40 consecutive nodes), half loose nodes.
    if (row % 2 === 0)
      for (let w = 0; w < BLOCK_ENTITIES / WAY_NODES; w++) {
        const refs = nodes.slice(w * WAY_NODES, (w + 1) * WAY_NODES).map((n) => n.id);
        const tags: Record<string, string> =
          w % 5 === 0 ? { highway: 'primary', maxspeed: '45 mph', ref: `SR ${w}` } : { highway: 'residential' };
        ways.push({ id: wayId++, refs, tags });
      }
    row++;
  }
  for (let i = 0; i < ways.length; i += BLOCK_ENTITIES)
    bytes += writeBlobs(fd, waysBlob(ways.slice(i, i + BLOCK_ENTITIES)));
  closeSync(fd);
  renameSync(tmp, file);
}

async function main(): Promise<void> {
  if (!existsSync(LARGE) || statSync(LARGE).size < LARGE_MIN_BYTES) {
    const t0 = performance.now();
    writeLargeExtract(LARGE);
    console.log(
      `generated ${LARGE} (${(statSync(LARGE).size / 1e6).toFixed(0)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const files = [
    { name: 'andorra.osm.pbf', file: path.join(OSM, 'andorra.osm.pbf'), runs: 5 },
    { name: 'baltimore.osm.pbf', file: path.join(OSM, 'baltimore.osm.pbf'), runs: 5 },
    { name: 'north-bayreuth.osm.gz', file: path.join(OSM, 'north-bayreuth.osm.gz'), runs: 5 },
    { name: `generated ${(statSync(LARGE).size / 1e6).toFixed(0)} MB .osm.pbf`, file: LARGE, runs: 2 },
  ];
  for (const f of files) {
    const mb = statSync(f.file).size / 1e6;
    const imp = inChild('import', f.file, f.runs);
    const isPbf = !f.file.endsWith('.gz');
    const base = isPbf ? inChild('baseline', f.file, f.runs) : null;
    report({
      bench: 'road-import',
      name: `import ${f.name}`,
      unit: 'MB/s',
      samples: imp.seconds.map((s) => mb / s),
      ...(base ? { baselines: [{ name: 'osm-pbf-parser-node alone', samples: base.seconds.map((s) => mb / s) }] } : {}),
    });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    console.log(
      `    ${mb.toFixed(2)} MB: import ${median(imp.seconds).toFixed(2)} s (${(mb / median(imp.seconds)).toFixed(2)} MB/s)` +
        (base
          ? `, baseline ${median(base.seconds).toFixed(2)} s (${(mb / median(base.seconds)).toFixed(2)} MB/s)`
          : ''),
    );
    console.log(
      `    peak memory: import ${imp.peakRssMB.toFixed(0)} MB RSS, ${imp.peakHeapMB.toFixed(0)} MB heap` +
        (base
          ? `; baseline ${base.peakRssMB.toFixed(0)} MB RSS, ${base.peakHeapMB.toFixed(0)} MB heap`
          : ' (XML: no PBF baseline)'),
    );
  }
}

const at = process.argv.indexOf('--child');
if (at >= 0) {
  const [mode, file, runs] = process.argv.slice(at + 1);
  console.log(JSON.stringify(await child(mode as Mode, file!, Number(runs))));
} else {
  await main();
}
