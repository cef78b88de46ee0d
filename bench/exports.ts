/**
 * CSV and GPX writing speed for 1,000,000 breadcrumbs, streamed to a temp file
 * through the CLI's output file (a write stream with backpressure, whose
 * written pieces go back to the writer's pool), plus peak memory while
 * writing. Target: under 3 s per format. Run: `npx tsx bench/exports.ts`
 * (or `npm run bench exports`, which adds --expose-gc for a cleaner baseline).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvBytes, csvLines } from '../shared/export/csv.ts';
import { gpxBytes, gpxPieces } from '../shared/export/gpx.ts';
import type { DayChunk } from '../shared/track/types.ts';
import { generateRandomTrack, toDayChunks } from '../test/support/tracks.ts';
import { openOutputFile } from '../electron/node/cli/output-file.ts';
import type { PiecePool } from '../shared/export/bytes.ts';
import { report } from './lib/figures.ts';
import { gpsbabelRuns, writeOnce } from './lib/write-baselines.ts';

const POINTS = 1_000_000;
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

function makeChunks(): DayChunk[] {
  const points = generateRandomTrack(2026, Math.ceil(POINTS / 600)).slice(0, POINTS);
  if (points.length < POINTS) throw new Error(`generator made only ${points.length} points`);
  const chunks = toDayChunks('bench-vehicle', points);
  // Real ids and locations arrive through JSON.parse as flat strings; the
  // generator's are concatenation ropes that the first reader would pay to flatten.
  for (const c of chunks) {
    c.id = JSON.parse(JSON.stringify(c.id)) as string[];
    c.location = JSON.parse(JSON.stringify(c.location)) as string[];
  }
  return chunks;
}

interface Figures {
  seconds: number;
  /** user + system CPU of this process: steadier than wall time on a shared machine */
  cpuSeconds: number;
  bytes: number;
  baseRss: number;
  baseHeap: number;
  peakRss: number;
  peakHeap: number;
}

/** Writes the writer's pieces as `routelens export` does: the CLI's output file, whose pool the writer's buffers come back to. */
async function streamToFile(file: string, make: (pool: PiecePool) => Iterable<string | Uint8Array>): Promise<Figures> {
  gc?.();
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  };
  const start = performance.now();
  const cpu = process.cpuUsage();
  const out = openOutputFile(file);
  await out.commit(sampled(make(out.pool), sample));
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  sample();
  return {
    seconds,
    cpuSeconds,
    bytes: statSync(file).size,
    baseRss: base.rss,
    baseHeap: base.heapUsed,
    peakRss,
    peakHeap,
  };
}

function* sampled<T>(pieces: Iterable<T>, sample: () => void): Generator<T> {
  for (const piece of pieces) {
    yield piece;
    sample();
  }
}

/** CPU seconds to build the strings without writing them. */
function generateOnly(pieces: Iterable<string | Uint8Array>): number {
  gc?.();
  const cpu = process.cpuUsage();
  let chars = 0;
  for (const p of pieces) chars += p.length;
  if (chars === 0) throw new Error('no output');
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1e6;
}

const t0 = performance.now();
const chunks = makeChunks();
const total = chunks.reduce((n, c) => n + c.length, 0);
console.log(
  `generated ${total.toLocaleString('en-US')} points in ${chunks.length} day chunks (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);
if (!gc) console.log('(run with --expose-gc, as `npm run bench exports` does, for baselines without garbage)');

const dir = mkdtempSync(join(tmpdir(), 'routelens-bench-'));
const meta = {
  carrierName: 'Bench Freight',
  dotNumber: '1234567',
  vehicleNumber: chunks[0]?.vehicleNumber ?? '',
  vin: chunks[0]?.vin ?? '',
  from: chunks[0]?.day ?? '',
  to: chunks.at(-1)?.day ?? '',
  generatedAt: Date.now(),
};
const REPEAT = 3;
try {
  // Each writer as the CLI streams it to a file, and its text pieces (what the baseline's one string is built from).
  const formats: [string, (pool?: PiecePool) => Iterable<string | Uint8Array>, () => Iterable<string>][] = [
    ['CSV', (pool) => csvBytes(chunks, pool ? { pool } : {}), () => csvLines(chunks)],
    ['GPX', (pool) => gpxBytes({ chunks, meta, ...(pool ? { pool } : {}) }), () => gpxPieces({ chunks, meta })],
  ];
  for (const [name, make, makeText] of formats) {
    const genSeconds = generateOnly(make());
    const file = join(dir, `bench.${name.toLowerCase()}`);
    const writer: number[] = [];
    const prebuilt: number[] = [];
    let f: Figures | null = null;
    // The same bytes as one string built beforehand: what writing alone costs on this disk, this run.
    const whole = [...makeText()].join('');
    for (let i = 0; i < REPEAT; i++) {
      rmSync(file, { force: true });
      f = await streamToFile(file, make);
      writer.push(f.seconds);
      rmSync(file, { force: true });
      prebuilt.push(await writeOnce(file, whole));
    }
    f = f!;
    if (f.bytes !== Buffer.byteLength(whole))
      throw new Error(`${name}: the writer wrote ${f.bytes} bytes, its text is ${Buffer.byteLength(whole)}`);
    console.log(
      `${name}: ${f.seconds.toFixed(2)} s to file (CPU ${f.cpuSeconds.toFixed(2)} s; ${(total / f.seconds / 1e6).toFixed(2)} M points/s, ${(f.bytes / MB / f.seconds).toFixed(0)} MB/s), ` +
        `strings only CPU ${genSeconds.toFixed(2)} s; file ${(f.bytes / MB).toFixed(0)} MB; ` +
        `peak rss ${(f.peakRss / MB).toFixed(0)} MB (+${((f.peakRss - f.baseRss) / MB).toFixed(0)} over the chunks alone), ` +
        `peak heapUsed ${(f.peakHeap / MB).toFixed(0)} MB (+${((f.peakHeap - f.baseHeap) / MB).toFixed(0)}) ` +
        `${f.seconds < 3 ? 'OK' : 'SLOWER THAN 3 s TARGET'}`,
    );
    const baselines: { name: string; samples: number[]; target?: string }[] = [
      { name: 'writing the same bytes from one pre-built string', samples: prebuilt, target: '<= 1.5' },
    ];
    if (name === 'GPX')
      baselines.push({ name: 'gpsbabel CSV → GPX of the same points', samples: await gpsbabelRuns(chunks, dir, 2) });
    report({
      bench: 'exports',
      name: `${name} writer, ${total.toLocaleString('en-US')} points to file`,
      unit: 's',
      samples: writer,
      target: '<= 3',
      baselines,
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
