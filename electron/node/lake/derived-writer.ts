/**
 * Writes one file of a derived table (shared/lake/derived-tables.ts): the
 * rows appended into a temporary table of the table's columns (the appender,
 * as the breadcrumbs: docs/lake.md), optionally the existing file's rows kept
 * by a condition, then `COPY … TO 'file.tmp'` and a rename, so a file is
 * complete or absent. No rows: the file is removed.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { dateValue, DuckDBTimestampTZValue, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import type { DerivedTable, LakeCell, LakeColumnType } from '../../../shared/lake/derived-tables.ts';
import { geoMetadata, type Bbox } from '../../../shared/lake/geo-metadata.ts';
import { DAY_MS, dayStartMs } from '../../../shared/util/day.ts';
import { copyToFile, prepareLakeConnection, sqlText } from './parquet-writer.ts';

const quoted = (name: string) => `"${name}"`;
const tempTable = (t: DerivedTable<never>) => `lake_derived_${t.name}`;

/** Readies `conn` to write the tables' files: the lake connection's settings, one temporary table per table. */
export async function prepareDerivedWriter(
  conn: DuckDBConnection,
  tables: readonly DerivedTable<never>[],
): Promise<void> {
  await prepareLakeConnection(conn);
  for (const t of tables) await freshTempTable(conn, t);
}

/**
 * The table's temporary table, made anew: a `DELETE` keeps the deleted rows' storage (a temporary table never
 * checkpoints), so emptying it per file grew the process by every file written (docs/lake.md, Figures).
 */
async function freshTempTable(conn: DuckDBConnection, t: DerivedTable<never>): Promise<void> {
  const columns = t.columns.map((c) => `${quoted(c.name)} ${c.type}`).join(', ');
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${tempTable(t)} (${columns})`);
}

export interface TableFileWrite<Row> {
  table: DerivedTable<Row>;
  file: string;
  rows: readonly Row[];
  /** SQL condition on the existing file's rows to keep (the other days of a vehicle); absent: replace it whole. */
  keepWhere?: string;
  /** The SQL ORDER BY list the file's rows follow (one order whatever was kept and what was appended). */
  orderBy: string;
}

/** Replaces `file`; gives the number of rows it holds (0: no file). */
export async function writeTableFile<Row>(conn: DuckDBConnection, w: TableFileWrite<Row>): Promise<number> {
  const table = w.table as DerivedTable<never>;
  const temp = tempTable(table);
  const columnList = table.columns.map((c) => quoted(c.name)).join(', ');
  await freshTempTable(conn, table);
  if (w.keepWhere !== undefined)
    await conn.run(
      `INSERT INTO ${temp} SELECT ${columnList} FROM read_parquet(${sqlText(w.file)}) WHERE ${w.keepWhere}`,
    );
  await appendRows(conn, temp, w.table, w.rows);
  const rows = (await conn.runAndReadAll(`SELECT count(*)::INTEGER FROM ${temp}`)).getRows()[0]![0] as number;
  if (rows === 0) {
    await rm(w.file, { force: true });
    return 0;
  }
  const geo = table.geometry ? await geoOf(conn, temp) : null;
  await mkdir(path.dirname(w.file), { recursive: true });
  await copyToFile(conn, `SELECT ${columnList} FROM ${temp} ORDER BY ${w.orderBy}`, w.file, geo);
  return rows;
}

/** A geometry table's points are its `lng`/`lat` columns' positions: its bbox is theirs. */
async function geoOf(conn: DuckDBConnection, temp: string) {
  const box = (await conn.runAndReadAll(`SELECT min(lng), min(lat), max(lng), max(lat) FROM ${temp}`)).getRows()[0]!;
  return geoMetadata(box[0] === null ? null : (box as unknown as Bbox));
}

async function appendRows<Row>(
  conn: DuckDBConnection,
  temp: string,
  table: DerivedTable<Row>,
  rows: readonly Row[],
): Promise<void> {
  const appender = await conn.createAppender(temp);
  try {
    for (const row of rows) {
      for (const c of table.columns) appendCell(appender, c.type, c.value(row), c.name);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

function appendCell(a: DuckDBAppender, type: LakeColumnType, v: LakeCell, name: string): void {
  if (v === null) return a.appendNull();
  const wrong = () => new TypeError(`column ${name} (${type}) cannot hold ${typeof v}`);
  switch (type) {
    case 'VARCHAR':
      if (typeof v !== 'string') throw wrong();
      return a.appendVarchar(v);
    case 'DOUBLE':
      if (typeof v !== 'number') throw wrong();
      return a.appendDouble(v);
    case 'INTEGER':
      if (!Number.isSafeInteger(v)) throw wrong();
      return a.appendInteger(v as number);
    case 'BIGINT':
      if (!Number.isSafeInteger(v)) throw wrong();
      return a.appendBigInt(BigInt(v as number));
    case 'TIMESTAMPTZ':
      if (typeof v !== 'number' || !Number.isFinite(v)) throw wrong();
      return a.appendTimestampTZ(new DuckDBTimestampTZValue(BigInt(Math.round(v * 1000))));
    case 'DATE':
      if (typeof v !== 'string') throw wrong();
      return a.appendDate(dateValue(dayStartMs(v) / DAY_MS));
    case 'BLOB':
      if (!(v instanceof Uint8Array)) throw wrong();
      return a.appendBlob(v);
  }
}
