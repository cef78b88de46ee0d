/**
 * The lake's file writing alone (no network): N synthetic 1,440-reading
 * vehicle-day files written through `createDayFileWriter` with the default
 * pool of connections, against the same files written on one connection
 * (the same staging, no overlap) in the same run; docs/lake.md has the
 * appender writer this replaced, measured beside both. Records per second, and
 * the process's CPU per file (staging on the main thread, the COPY on DuckDB's
 * threads). Env LAKE_WRITE_FILES (default 240), LAKE_WRITE_POOL (default DEFAULT_WRITERS).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDayFileWriter, DEFAULT_WRITERS, type ChunkSlice } from '../electron/node/lake/parquet-writer.ts';
import { buildDayChunk } from '../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../shared/track/types.ts';
import { dayStartMs } from '../shared/util/day.ts';
import { report } from './lib/figures.ts';

const FILES = Number(process.env['LAKE_WRITE_FILES'] ?? 240);
const POOL = Number(process.env['LAKE_WRITE_POOL'] ?? DEFAULT_WRITERS);
const DAY = '2026-11-02';
const start = dayStartMs(DAY);

/** One reading a minute along a straight road, as the simulator's day of driving. */
function daySlice(vehicle: number): ChunkSlice {
  const points: Breadcrumb[] = Array.from({ length: 1440 }, (_, i) => ({
    id: `v${vehicle}-r${i}`,
    t: start + i * 60_000,
    lat: 35 + i * 0.0005,
    lng: -101 + vehicle * 0.01 + i * 0.0003,
    speed: i % 7 === 0 ? NaN : 55 + (i % 10),
    status: i % 3 === 0 ? 'STATIONARY' : 'IN_MOTION',
    direction: (i * 3) % 360,
    location: `near Town ${vehicle % 40}, TX`,
    vehicleNumber: `T-${vehicle}`,
    vin: `1XKYD49X0NJ${String(100000 + vehicle)}`,
  }));
  return { chunk: buildDayChunk(`v${vehicle}`, DAY, points), outliers: null, fromMs: start, toMs: start + 86_400_000 };
}

async function writeAll(connections: number, slices: ChunkSlice[]): Promise<{ seconds: number; cpuMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-write-'));
  const writer = await createDayFileWriter(connections);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    await Promise.all(slices.map((s, i) => writer.write(path.join(dir, `day=${DAY}`, `v${i}.parquet`), [s], null)));
  } finally {
    writer.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  rmSync(dir, { recursive: true, force: true });
  return { seconds, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const slices = Array.from({ length: FILES }, (_, i) => daySlice(i));
await writeAll(1, slices.slice(0, 8)); // warm-up: DuckDB's first COPY loads its Parquet writer
const one = await writeAll(1, slices);
const pool = await writeAll(POOL, slices);
console.log(
  `${FILES} files of 1,440 readings; process CPU (main + DuckDB threads) per file: ` +
    `one connection ${(one.cpuMs / FILES).toFixed(1)} ms, pool of ${POOL} ${(pool.cpuMs / FILES).toFixed(1)} ms`,
);
report({
  bench: 'lake-write',
  name: `day files written, pool of ${POOL} connections`,
  unit: 'records/s',
  samples: [(FILES * 1440) / pool.seconds],
  baselines: [{ name: 'one connection, one file at a time', samples: [(FILES * 1440) / one.seconds] }],
});
