/**
 * Writes one vehicle-day breadcrumb file with DuckDB: rows appended into a
 * temporary table (the appender: as fast as a read_json of a temp file for a
 * day's ~1,440 rows and ~6× faster than a VALUES list, without a temp file or
 * a text round trip of the doubles; docs/lake.md), then
 * `COPY … TO 'file.tmp' (FORMAT parquet, KV_METADATA {geo: …})` and a rename,
 * so a file is complete or absent. `createDayFileWriter` keeps a few
 * connections, each with its own temp table, writing different files at once:
 * the COPY (most of a file's cost) runs on DuckDB's threads, so files overlap
 * instead of queueing behind one connection (docs/lake.md, Figures).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DuckDBBlobType,
  DuckDBBlobValue,
  DuckDBBooleanType,
  DuckDBDataChunk,
  DuckDBDoubleType,
  DuckDBInstance,
  DuckDBVarCharType,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { geoMetadata, type Bbox, type GeoMetadata } from '../../../shared/lake/geo-metadata.ts';
import { PARTIAL_SUFFIX } from '../../../shared/lake/layout.ts';
import { wkbPoint } from '../../../shared/lake/wkb.ts';
import { motionStatusOf } from '../../../shared/domain/status.ts';
import type { DayChunk } from '../../../shared/track/types.ts';

/** The breadcrumb table's columns, in file order: one definition for the writer and the docs' schema. */
export const BREADCRUMB_COLUMNS = [
  ['timestamp', 'TIMESTAMPTZ'],
  ['id', 'VARCHAR'],
  ['lat', 'DOUBLE'],
  ['lng', 'DOUBLE'],
  ['speed', 'DOUBLE'],
  ['direction', 'DOUBLE'],
  ['status', 'VARCHAR'],
  ['calc_location', 'VARCHAR'],
  ['outlier', 'BOOLEAN'],
  ['vehicle_number', 'VARCHAR'],
  ['vin', 'VARCHAR'],
  ['geometry', 'BLOB'],
] as const;

const TABLE = 'lake_day_rows';
const CHUNK_TYPES = {
  DOUBLE: DuckDBDoubleType.instance,
  VARCHAR: DuckDBVarCharType.instance,
  BOOLEAN: DuckDBBooleanType.instance,
  BLOB: DuckDBBlobType.instance,
} as const;
/** Rows a data chunk holds (DuckDB's vector size, 2,048 in its builds). */
const vectorSize = (): number => 2048;

/** The readings of one UTC chunk that fall in [fromMs, toMs), with the chunk's outlier flags. */
export interface ChunkSlice {
  chunk: DayChunk;
  outliers: Uint8Array | null;
  fromMs: number;
  toMs: number;
}

export interface DayFileResult {
  records: number;
  outliers: number;
}

/** Connections writing at once: measured in docs/lake.md (beyond the cores, more only queue inside DuckDB). */
export const DEFAULT_WRITERS = 4;

export interface DayFileWriter {
  /** `writeDayFile` on the next free connection, the file's folder made first. Different files only at once. */
  write(file: string, slices: readonly ChunkSlice[], keep: { beforeMs: number } | null): Promise<DayFileResult>;
  /** After every write has settled. */
  close(): void;
}

export async function createDayFileWriter(connections = DEFAULT_WRITERS): Promise<DayFileWriter> {
  const instance = await DuckDBInstance.create(':memory:');
  const free: DuckDBConnection[] = [];
  for (let i = 0; i < connections; i++) {
    const conn = await instance.connect();
    await prepareWriter(conn);
    free.push(conn);
  }
  const all = [...free];
  const waiting: ((conn: DuckDBConnection) => void)[] = [];
  const made = new Set<string>();
  const acquire = (): Promise<DuckDBConnection> =>
    free.length > 0 ? Promise.resolve(free.pop()!) : new Promise((resolve) => waiting.push(resolve));
  const release = (conn: DuckDBConnection): void => {
    const next = waiting.shift();
    if (next) next(conn);
    else free.push(conn);
  };
  return {
    async write(file, slices, keep) {
      const conn = await acquire();
      try {
        const dir = path.dirname(file);
        if (!made.has(dir)) await mkdir(dir, { recursive: true }).then(() => made.add(dir));
        return await writeDayFile(conn, file, slices, keep);
      } finally {
        release(conn);
      }
    },
    close() {
      for (const conn of all) conn.closeSync();
      instance.closeSync();
    },
  };
}

export const sqlText = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The settings of every connection the sync writes and reads lake files with. */
export async function prepareLakeConnection(conn: DuckDBConnection): Promise<void> {
  await conn.run(`SET TimeZone = 'UTC'`);
  // A file is read back (a partial day's kept rows, an analysis window) as the WKB bytes it was written with, not as GEOMETRY.
  await conn.run(`SET enable_geoparquet_conversion = false`);
  // Each file is read back once or twice: DuckDB's cache of external files would keep every one read in memory
  // for the whole run (the sync's peak grew with the fleet: docs/lake.md, Figures).
  await conn.run(`SET enable_external_file_cache = false`);
}

export async function prepareWriter(conn: DuckDBConnection): Promise<void> {
  await prepareLakeConnection(conn);
  await freshTable(conn);
}

/**
 * The staging table, empty. Replaced rather than emptied with DELETE: DuckDB keeps a deleted row's storage
 * until a checkpoint a temp table never has, so a DELETE per file grew the process by ~0.2 MB a file
 * (measured: +250 MB over 1,200 files; 1 GB peak for 219 trucks × 30 days, docs/lake.md).
 */
async function freshTable(conn: DuckDBConnection): Promise<void> {
  const columns = STAGED_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', ');
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${TABLE} (${columns})`);
}

/**
 * Replaces `file` with the slices' readings (and, with `keep`, the rows of the existing file before
 * `keep.beforeMs`). No readings: the file is removed, since a day without readings has no file.
 */
export async function writeDayFile(
  conn: DuckDBConnection,
  file: string,
  slices: readonly ChunkSlice[],
  keep: { beforeMs: number } | null,
): Promise<DayFileResult> {
  await freshTable(conn);
  if (keep)
    await conn.run(
      `INSERT INTO ${TABLE} SELECT ${STAGED_FROM_FILE} FROM read_parquet(${sqlText(file)}) WHERE epoch_ms("timestamp") < ${Math.floor(keep.beforeMs)}`,
    );
  await appendSlices(conn, slices, keep?.beforeMs ?? -Infinity);
  const stats = (
    await conn.runAndReadAll(
      `SELECT count(*)::INTEGER, count(*) FILTER (WHERE outlier)::INTEGER, min(lng), min(lat), max(lng), max(lat) FROM ${TABLE}`,
    )
  ).getRows()[0] as [number, number, number | null, number | null, number | null, number | null];
  const [records, outliers] = stats;
  if (records === 0) {
    await rm(file, { force: true });
    return { records, outliers };
  }
  const geo = geoMetadata(stats.slice(2) as unknown as Bbox);
  await copyToFile(conn, `SELECT ${FILE_SELECT} FROM ${TABLE} ORDER BY t_ms, id`, file, geo);
  return { records, outliers };
}

/** `COPY (select)` into `file`, written aside as `file.tmp` and renamed: a reader sees the whole file or none. */
export async function copyToFile(
  conn: DuckDBConnection,
  select: string,
  file: string,
  geo: GeoMetadata | null,
): Promise<void> {
  const tmp = file + PARTIAL_SUFFIX;
  const metadata = geo ? `, KV_METADATA {geo: ${sqlText(JSON.stringify(geo))}}` : '';
  await conn.run(`COPY (${select}) TO ${sqlText(tmp)} (FORMAT parquet, COMPRESSION snappy${metadata})`);
  await rename(tmp, file);
}

/** The temp table's columns: BREADCRUMB_COLUMNS with the timestamp held as epoch ms (a double: bulk-copied, no value object a row). */
const STAGED_COLUMNS = BREADCRUMB_COLUMNS.map(([name, type]) =>
  name === 'timestamp' ? (['t_ms', 'DOUBLE'] as const) : ([name, type] as const),
);
const STAGED_TYPES = STAGED_COLUMNS.map(([, type]) => CHUNK_TYPES[type]);
/** The staged rows as the file's columns: microseconds exactly (t_ms is a whole number of ms). */
const FILE_SELECT = BREADCRUMB_COLUMNS.map(([name]) =>
  name === 'timestamp' ? `make_timestamptz((t_ms * 1000)::BIGINT) AS "timestamp"` : `"${name}"`,
).join(', ');
const STAGED_FROM_FILE = STAGED_COLUMNS.map(([name]) =>
  name === 't_ms' ? `epoch_ms("timestamp")::DOUBLE` : `"${name}"`,
).join(', ');

/**
 * Appends the slices' readings in data chunks of up to the vector size, column by column: the number
 * columns are copied to DuckDB in one block each (measured: per-value appender calls were most of a file's
 * main-thread time, docs/lake.md).
 */
async function appendSlices(conn: DuckDBConnection, slices: readonly ChunkSlice[], notBeforeMs: number): Promise<void> {
  const rows: [ChunkSlice, number][] = [];
  for (const slice of slices) {
    const c = slice.chunk;
    const lo = Math.max(slice.fromMs, notBeforeMs);
    for (let i = 0; i < c.length; i++) if (c.t[i]! >= lo && c.t[i]! < slice.toMs) rows.push([slice, i]);
  }
  if (rows.length === 0) return;
  const appender = await conn.createAppender(TABLE);
  try {
    const size = vectorSize();
    for (let from = 0; from < rows.length; from += size) {
      const part = rows.slice(from, from + size);
      const chunk = DuckDBDataChunk.create(STAGED_TYPES, part.length);
      chunk.setColumns(stagedColumns(part));
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

function stagedColumns(part: readonly [ChunkSlice, number][]): DuckDBValue[][] {
  const n = part.length;
  const cols = STAGED_COLUMNS.map(() => new Array<DuckDBValue>(n));
  const [t, id, lat, lng, speed, direction, status, location, outlier, number, vin, geometry] = cols as [
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
    DuckDBValue[],
  ];
  for (let r = 0; r < n; r++) {
    const [{ chunk: c, outliers }, i] = part[r]!;
    const y = c.lat[i]!;
    const x = c.lng[i]!;
    const v = c.speed[i]!;
    const d = c.direction[i]!;
    t[r] = c.t[i]!;
    id[r] = c.id[i]!;
    lat[r] = y;
    lng[r] = x;
    // Unknown stays unknown (NULL), never 0.
    speed[r] = Number.isNaN(v) ? null : v;
    direction[r] = Number.isNaN(d) ? null : d;
    status[r] = motionStatusOf(c.status[i]!);
    location[r] = c.location[i]!;
    outlier[r] = outliers?.[i] === 1;
    number[r] = c.identityAt?.vehicleNumber[i] ?? c.vehicleNumber;
    vin[r] = c.identityAt?.vin[i] ?? c.vin;
    geometry[r] = new DuckDBBlobValue(wkbPoint(x, y));
  }
  return cols;
}
