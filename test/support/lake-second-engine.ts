/**
 * A second, independent reader and SQL engine for the lake (issue 36: "portable, proven here"): every table's
 * Parquet files read with hyparquet (pure JavaScript, not DuckDB), `carrier` (and the breadcrumbs' `day`)
 * taken from the Hive folder names, loaded into SQLite (sql.js, SQLite compiled to wasm), where the report's
 * own `.sql` files run unchanged.
 *
 * The one dialect gap: SQLite has no DATE type and no `DATE 'YYYY-MM-DD'` literal. Days are loaded as ISO
 * text ('2026-11-20'), which orders exactly as dates do, and the report's bounds are substituted as text
 * literals (shared/lake/report-sql.ts, dialect 'sqlite'): a rewrite of two placeholders, not of the query.
 * Timestamps are loaded as epoch milliseconds (the report reads none); BIGINT as numbers.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import { BREADCRUMB_COLUMNS } from '../../electron/node/lake/parquet-writer.ts';
import { DERIVED_TABLES } from '../../shared/lake/derived-tables.ts';

/** The lake's tables: the folder each is read from. */
export const SECOND_ENGINE_TABLES = ['breadcrumbs', 'trips', 'events', 'days', 'vehicles'] as const;
export type LakeTable = (typeof SECOND_ENGINE_TABLES)[number];

export interface SecondEngine {
  /** Rows hyparquet read per table (before SQLite saw them). */
  readRows: Record<LakeTable, number>;
  /** One query's rows as objects. */
  query(sql: string): Record<string, SqlValue>[];
  close(): void;
}

const HIVE = /^([a-z_]+)=(.+)$/;

/** The columns of a table without files (its empty table must still answer a query), as the lake declares them. */
const DECLARED_COLUMNS: Record<LakeTable, readonly string[]> = {
  breadcrumbs: BREADCRUMB_COLUMNS.map(([name]) => name),
  ...(Object.fromEntries(DERIVED_TABLES.map((t) => [t.name, t.columns.map((c) => c.name)])) as Record<
    Exclude<LakeTable, 'breadcrumbs'>,
    string[]
  >),
};

/** Reads every table of `lakeDir` into a fresh in-memory SQLite. */
export async function openSecondEngine(lakeDir: string): Promise<SecondEngine> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  const readRows = {} as Record<LakeTable, number>;
  try {
    for (const table of SECOND_ENGINE_TABLES)
      readRows[table] = await loadTable(db, lakeDir, table, DECLARED_COLUMNS[table]);
  } catch (err) {
    db.close();
    throw err;
  }
  return {
    readRows,
    query(sql) {
      const [result] = db.exec(sql);
      if (!result) return [];
      return result.values.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i]!])));
    },
    close: () => db.close(),
  };
}

async function parquetFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.endsWith('.parquet')).sort();
}

/** The Hive partition values of a file's folders, e.g. { carrier: '1000001', day: '2026-11-20' }. */
function partitionsOf(relative: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of relative.split(path.sep).slice(0, -1)) {
    const m = HIVE.exec(part);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** A cell as SQLite holds it: days as ISO text, other times as epoch ms, integers as numbers. */
function sqliteValue(column: string, v: unknown): SqlValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return column === 'day' ? v.toISOString().slice(0, 10) : v.getTime();
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' || typeof v === 'string' || v instanceof Uint8Array) return v;
  throw new TypeError(`Column ${column} holds a value SQLite cannot take (${typeof v}).`);
}

async function loadTable(db: Database, lakeDir: string, table: LakeTable, emptyColumns: readonly string[]) {
  const dir = path.join(lakeDir, table);
  const files = await parquetFiles(dir);
  let columns: string[] | null = null;
  let insert: ReturnType<Database['prepare']> | null = null;
  let count = 0;
  db.exec('BEGIN');
  for (const file of files) {
    const bytes = await readFile(path.join(dir, file));
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const rows = await parquetReadObjects({ file: buffer, geoparquet: false });
    const partitions = partitionsOf(file);
    for (const row of rows) {
      const full: Record<string, unknown> = { ...row, ...partitions };
      if (columns === null) {
        columns = Object.keys(full);
        db.exec(`CREATE TABLE ${table} (${columns.map((c) => `"${c}"`).join(', ')})`);
        insert = db.prepare(`INSERT INTO ${table} VALUES (${columns.map(() => '?').join(', ')})`);
      }
      insert!.run(columns.map((c) => sqliteValue(c, full[c])));
      count++;
    }
  }
  db.exec('COMMIT');
  insert?.free();
  if (columns === null)
    db.exec(
      `CREATE TABLE ${table} (${[...new Set(['carrier', 'day', ...emptyColumns])].map((c) => `"${c}"`).join(', ')})`,
    );
  return count;
}

/** Values equal to the last few ulps of a sum: the engines add the same numbers in different orders. */
function sameCell(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
  return a === b;
}

/**
 * Where two engines' report rows differ: "carrier column: a vs b" per cell, [] when they agree (rows matched
 * by carrier, booleans compared as 1/0 since SQLite has none).
 */
export function reportDifferences(
  a: readonly Readonly<Record<string, unknown>>[],
  b: readonly Readonly<Record<string, unknown>>[],
): string[] {
  const bool = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
  const byCarrier = new Map(b.map((r) => [String(r['carrier']), r]));
  const out: string[] = [];
  if (a.length !== b.length) out.push(`rows: ${a.length} vs ${b.length}`);
  for (const row of a) {
    const other = byCarrier.get(String(row['carrier']));
    if (!other) {
      out.push(`${String(row['carrier'])}: missing`);
      continue;
    }
    const columns = new Set([...Object.keys(row), ...Object.keys(other)]);
    for (const c of columns)
      if (!sameCell(bool(row[c]), bool(other[c])))
        out.push(`${String(row['carrier'])} ${c}: ${String(row[c])} vs ${String(other[c])}`);
  }
  return out;
}
