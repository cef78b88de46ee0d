/**
 * The lake report's figure for bench/lake-sync.ts: `routelens lake report` over the synced lake, in
 * seconds, against a bare DuckDB scan of the same files (every table's rows read, nothing computed) in the
 * same run. The report needs the derived tables (trips/, events/, days/); when the CLI has no `lake report`
 * or the lake has no derived tables yet, it says so instead of a figure.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { report } from './lib/figures.ts';

interface Run {
  code: number | null;
  stderr: string;
  seconds: number;
}

const TABLES = ['breadcrumbs', 'trips', 'events', 'days'];

async function bareScanSeconds(lake: string, tables: string[]): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const t0 = performance.now();
  try {
    for (const t of tables) {
      const glob = path.join(lake, t, '**', '*.parquet').replace(/'/g, "''");
      // Every column of every row read: the floor any report over these files stands on.
      await conn.runAndReadAll(`SELECT count(*), sum(hash(COLUMNS(*))) FROM read_parquet('${glob}')`);
    }
    return (performance.now() - t0) / 1000;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

export async function lakeReportFigures(o: {
  lake: string;
  from: string;
  to: string;
  dir: string;
  run: (args: string[], env: Record<string, string>) => Promise<Run>;
}): Promise<void> {
  const files = (readdirSync(path.join(o.lake, 'breadcrumbs'), { recursive: true }) as string[]).filter((f) =>
    f.endsWith('.parquet'),
  ).length;
  const scan = await bareScanSeconds(o.lake, ['breadcrumbs']);
  console.log(
    `bare DuckDB scan of breadcrumbs/ (every column): ${scan.toFixed(2)} s for ${files} files ` +
      `(${((1000 * scan) / files).toFixed(2)} ms a file)`,
  );
  const derived = TABLES.slice(1).filter((t) => existsSync(path.join(o.lake, t)));
  if (derived.length === 0) {
    console.log('lake report: skipped, the lake has no trips/, events/ or days/ yet (derived tables not built)');
    return;
  }
  const out = path.join(o.dir, 'report.csv');
  const run = await o.run(['lake', 'report', '--lake', o.lake, '--from', o.from, '--to', o.to, '--out', out], {});
  if (run.code !== 0) {
    console.log(`lake report: skipped, exit ${run.code}: ${run.stderr.trim().split('\n').pop()?.slice(0, 200)}`);
    return;
  }
  const tables = TABLES.filter((t) => existsSync(path.join(o.lake, t)) && readdirSync(path.join(o.lake, t)).length);
  report({
    bench: 'lake-sync',
    name: 'lake report (process, start-up included)',
    unit: 's',
    samples: [run.seconds],
    baselines: [{ name: `bare DuckDB scan of ${tables.join(', ')}`, samples: [await bareScanSeconds(o.lake, tables)] }],
  });
}
