/**
 * `routelens lake sql --lake DIR "SELECT …"`: one read-only query over the
 * lake's views, printed as CSV with a header. Three locks, so a query can read
 * the lake and nothing else, and write nothing anywhere:
 * 1. exactly one statement, and it must prepare as a SELECT (no COPY, ATTACH,
 *    INSTALL, SET, CREATE, PRAGMA …);
 * 2. the engine reaches files only inside the lake (`allowed_directories` with
 *    `enable_external_access = false`), and cannot load extensions;
 * 3. `lock_configuration`, so the query cannot turn 2 back off.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { BREADCRUMBS_DIR } from '../../../shared/lake/layout.ts';
import { DERIVED_TABLES } from '../../../shared/lake/derived-tables.ts';
import { csvTextCell } from '../../../shared/export/csv-write.ts';
import { terminalSafe } from '../../../shared/util/terminal-text.ts';
import { requiredFlag, UsageError, type ParsedArgs } from '../cli/args.ts';
import { BREADCRUMB_COLUMNS, sqlText } from './parquet-writer.ts';

/** A query is one line of a terminal or a script: longer text is refused, not run. */
const MAX_QUERY_CHARS = 100_000;

interface LakeView {
  name: string;
  partitions: readonly { name: string; type: string }[];
  columns: readonly { name: string; type: string }[];
}

/** The lake's tables as views, one entry per table: the breadcrumbs and the derived tables (shared/lake/derived-tables.ts). */
export const LAKE_VIEWS: readonly LakeView[] = [
  {
    name: BREADCRUMBS_DIR,
    partitions: [
      { name: 'carrier', type: 'VARCHAR' },
      { name: 'day', type: 'DATE' },
    ],
    columns: BREADCRUMB_COLUMNS.map(([name, type]) => ({ name, type })),
  },
  ...DERIVED_TABLES,
];

export async function lakeSqlCommand(args: ParsedArgs, out: (line: string) => void): Promise<void> {
  const lakeDir = path.resolve(requiredFlag(args, 'lake', 'the lake folder'));
  const [query, ...extra] = args.positionals;
  if (query === undefined || query.trim() === '')
    throw new UsageError('Give the query: routelens lake sql --lake DIR "SELECT …".');
  if (extra.length > 0) throw new UsageError('Give the query as one argument (quote it).');
  if (query.length > MAX_QUERY_CHARS) throw new UsageError(`The query is longer than ${MAX_QUERY_CHARS} characters.`);
  const info = await stat(lakeDir).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`${JSON.stringify(lakeDir.slice(-200))} is not a folder.`);
  const { conn, close } = await lockedConnection(lakeDir);
  try {
    await checkReadOnly(conn, query);
    const reader = await conn.runAndReadAll(query);
    out(reader.columnNames().map(terminalCsvCell).join(','));
    for (const row of reader.getRowsJson()) out(row.map(cellText).join(','));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`The query failed: ${(err as Error).message.split('\n')[0]!.slice(0, 500)}`);
  } finally {
    close();
  }
}

export async function lockedConnection(lakeDir: string) {
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  const conn = await instance.connect();
  await conn.run(`SET TimeZone = 'UTC'`);
  await conn.run(`SET allowed_directories = [${sqlText(lakeDir + path.sep)}]`);
  await conn.run(`SET enable_external_access = false`);
  for (const view of LAKE_VIEWS) await conn.run(await viewSql(conn, lakeDir, view));
  await conn.run(`SET lock_configuration = true`);
  return {
    conn,
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

/** A view over the table's files; with none yet, an empty view of the same columns (a query answers no rows). */
async function viewSql(conn: DuckDBConnection, lakeDir: string, view: LakeView): Promise<string> {
  const glob = sqlText(path.join(lakeDir, view.name, '**', '*.parquet'));
  const files = (await conn.runAndReadAll(`SELECT count(*)::INTEGER FROM glob(${glob})`)).getRows()[0]![0] as number;
  if (files === 0) {
    const columns = [...view.columns, ...view.partitions].map((c) => `NULL::${c.type} AS "${c.name}"`);
    return `CREATE VIEW ${view.name} AS SELECT ${columns.join(', ')} WHERE false`;
  }
  const types = view.partitions.map((p) => `'${p.name}': ${p.type}`).join(', ');
  return `CREATE VIEW ${view.name} AS SELECT * FROM read_parquet(${glob}, hive_partitioning = true, hive_types = {${types}})`;
}

async function checkReadOnly(conn: DuckDBConnection, query: string): Promise<void> {
  const statements = await conn.extractStatements(query).catch((err: Error) => {
    throw new UsageError(`The query is not valid SQL: ${err.message.split('\n')[0]!.slice(0, 500)}`);
  });
  if (statements.count !== 1) throw new UsageError(`Give exactly one statement; the query holds ${statements.count}.`);
  const prepared = await statements.prepare(0).catch((err: Error) => {
    throw new UsageError(`The query failed: ${err.message.split('\n')[0]!.slice(0, 500)}`);
  });
  if (prepared.statementType !== StatementType.SELECT)
    throw new UsageError(
      `Only a SELECT query may run over the lake; this is a ${StatementType[prepared.statementType]} statement.`,
    );
}

/** Numbers as they are; text quoted and neutralised as the app's CSV exports do (a spreadsheet opens it safely). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  if (typeof v === 'object')
    return terminalCsvCell(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));
  return terminalCsvCell(String(v));
}

/** A text cell as the CSV exports write it, its control characters made visible: it is printed to a terminal. */
function terminalCsvCell(text: string): string {
  return terminalSafe(csvTextCell(text), Number.POSITIVE_INFINITY);
}
