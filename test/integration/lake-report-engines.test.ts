/**
 * The second reader and engine (test/support/lake-second-engine.ts: hyparquet into SQLite) agree with DuckDB
 * on the lake built by construction: every table's row count, and every cell of the report's query run from
 * the same `.sql` file.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSql, SHARED_LAKE_DIR } from '../../electron/node/lake/report.ts';
import { lockedConnection } from '../../electron/node/lake/sql.ts';
import type { CarrierFacts } from '../../shared/compare/facts.ts';
import { lakeFactsOfRow } from '../../shared/lake/report.ts';
import {
  LAKE_METRICS,
  metricColumn,
  REPORT_SQL_FILES,
  reportSql,
  type ReportBounds,
} from '../../shared/lake/report-sql.ts';
import {
  openSecondEngine,
  reportDifferences,
  SECOND_ENGINE_TABLES,
  type SecondEngine,
} from '../support/lake-second-engine.ts';
import { CARRIERS, RANGE, writeFixtureLake } from './lake-report-fixture.ts';

async function duckDbCounts(lake: string): Promise<Record<string, number>> {
  const { conn, close } = await lockedConnection(lake);
  try {
    const out: Record<string, number> = {};
    for (const t of SECOND_ENGINE_TABLES) {
      const reader = await conn.runAndReadAll(`SELECT count(*) AS n FROM ${t}`);
      out[t] = Number(reader.getRowObjects()[0]!['n']);
    }
    return out;
  } finally {
    close();
  }
}

describe('the second reader and engine agree with DuckDB', () => {
  let dir: string;
  let lake: string;
  let second: SecondEngine;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-engines-'));
    lake = path.join(dir, 'lake');
    await writeFixtureLake(lake, true);
    second = await openSecondEngine(lake);
  });
  afterAll(() => {
    second?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("on every table's row count, as written", async () => {
    const duck = await duckDbCounts(lake);
    const sqlite = Object.fromEntries(
      SECOND_ENGINE_TABLES.map((t) => [t, Number(second.query(`SELECT count(*) AS n FROM ${t}`)[0]!['n'])]),
    );
    expect(second.readRows).toEqual(duck);
    expect(sqlite).toEqual(duck);
    const written = (t: 'days' | 'trips' | 'events') => CARRIERS.reduce((n, c) => n + c[t].length, 0);
    expect(duck).toMatchObject({ days: written('days'), trips: written('trips'), events: written('events') });
  });

  it('on every cell of the report, for several ranges, with and without road limits', async () => {
    const template = readFileSync(path.join(SHARED_LAKE_DIR, REPORT_SQL_FILES.carriers), 'utf8');
    for (const bounds of [
      { ...RANGE, roadLimits: true },
      { ...RANGE, roadLimits: false },
      { from: '2026-10-31', to: '2026-11-04', roadLimits: true },
      { from: '2026-11-04', to: '2026-11-04', roadLimits: true },
    ] satisfies ReportBounds[]) {
      const duck = await runReportSql(lake, bounds);
      const sqlite = second.query(reportSql(template, bounds, 'sqlite'));
      expect(duck.length).toBeGreaterThan(0);
      expect(reportDifferences(duck, sqlite)).toEqual([]);
    }
  });

  it("computes in SQL each metric exactly as the METRICS table's own formula does over the SQL's facts", async () => {
    for (const roadLimits of [true, false]) {
      const rows = await runReportSql(lake, { ...RANGE, roadLimits });
      const app = rows.map((r) =>
        Object.fromEntries(LAKE_METRICS.map((m) => [metricColumn(m.id), m.value(lakeFactsOfRow(r) as CarrierFacts)])),
      );
      const sql = rows.map((r) =>
        Object.fromEntries(LAKE_METRICS.map((m) => [metricColumn(m.id), r[metricColumn(m.id)]])),
      );
      expect(
        reportDifferences(
          sql.map((r, i) => ({ ...r, carrier: i })),
          app.map((r, i) => ({ ...r, carrier: i })),
        ),
      ).toEqual([]);
      expect(sql.flatMap((r) => Object.values(r)).filter((v) => v === null).length).toBeGreaterThan(0);
    }
  });
});
