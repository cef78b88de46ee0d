import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../shared/compare/metrics.ts';
import { lakeFactsOfRow, lakeReport, rankPositions, type ReportRow } from '../../shared/lake/report.ts';
import { lakeReportCsv } from '../../shared/lake/report-csv.ts';
import {
  LAKE_METRICS,
  METRICS_NOT_IN_LAKE,
  metricColumn,
  REPORT_SQL_FILES,
  reportSql,
  ReportSqlError,
} from '../../shared/lake/report-sql.ts';

const SQL = readFileSync(path.resolve(import.meta.dirname, '../../shared/lake', REPORT_SQL_FILES.carriers), 'utf8');
const bounds = { from: '2026-11-01', to: '2026-11-30', roadLimits: true };

describe("the report's SQL text", () => {
  it('gets ANSI DATE literals for Spark, Trino and DuckDB, ISO text for SQLite, and no placeholder left', () => {
    const portable = reportSql(SQL, bounds);
    expect(portable).toContain("BETWEEN DATE '2026-11-01' AND DATE '2026-11-30'");
    expect(portable).toContain('30 AS days_in_range');
    expect(portable).toContain('TRUE AS road_limits');
    expect(portable).not.toMatch(/\{\{/);
    const sqlite = reportSql(SQL, { ...bounds, roadLimits: false }, 'sqlite');
    expect(sqlite).toContain("BETWEEN '2026-11-01' AND '2026-11-30'");
    expect(sqlite).not.toMatch(/DATE '\d/);
    expect(sqlite).toContain('FALSE AS road_limits');
  });

  it('refuses a bound that is not a day, a reversed range and an unknown placeholder', () => {
    expect(() => reportSql(SQL, { ...bounds, from: "2026-11-01' OR 1=1 --" })).toThrow(ReportSqlError);
    expect(() => reportSql(SQL, { ...bounds, from: '2026-12-01' })).toThrow(/after it ends/);
    expect(() => reportSql('SELECT {{vehicle}}', bounds)).toThrow(/unknown placeholder \{\{vehicle\}\}/);
  });

  it('calls only functions Spark SQL, Trino, DuckDB and SQLite all have, with no engine-only syntax', () => {
    const code = SQL.replace(/--.*$/gm, '');
    const calls = new Set([...code.matchAll(/\b([A-Za-z_]+)\s*\(/g)].map((m) => m[1]!.toUpperCase()));
    const keywords = new Set(['AS', 'IN', 'AND', 'OR', 'NOT']);
    const used = [...calls].filter(
      (c) => !keywords.has(c) && !/^(ROSTER|DAY_FACTS|TRIP_FACTS|OVER_LIMIT_FACTS|CARRIERS|FACTS)$/.test(c),
    );
    expect(used.sort()).toEqual(['CAST', 'COALESCE', 'COUNT', 'NULLIF', 'SUM']);
    expect(code).not.toMatch(/::|"|\bGROUP BY ALL\b|\bQUALIFY\b|\bILIKE\b/i);
    for (const division of code.matchAll(/([^\n]*)\s\/\s/g)) expect(division[1]).toMatch(/CAST\(|_seconds|miles/);
  });

  it('has one metric column per metric the lake answers, and none for drivers or HOS', () => {
    const columns = [...SQL.matchAll(/AS (metric_[a-z0-9_]+)/g)].map((m) => m[1]);
    expect(columns).toEqual(LAKE_METRICS.map((m) => metricColumn(m.id)));
    expect([...LAKE_METRICS, ...METRICS_NOT_IN_LAKE.map((m) => m.def)]).toHaveLength(METRICS.length);
    expect(new Set(METRICS_NOT_IN_LAKE.map((m) => m.def.group))).toEqual(new Set(['drivers', 'hos']));
  });
});

/** A query row with every fact 0 except `facts`, and the metric columns `metrics`. */
function row(carrier: string, facts: Record<string, number>, metrics: Record<string, number | null> = {}): ReportRow {
  const zero = Object.fromEntries(
    ['days_in_range', 'days_covered', 'vehicle_days_stored', 'vehicle_days_with_data', 'vehicles_with_data', 'miles']
      .concat(['moving_seconds', 'stationary_seconds', 'offline_seconds', 'speeding_seconds', 'speeding_events'])
      .concat(['gaps', 'active_vehicles', 'active_vehicle_days', 'trip_count', 'trip_miles', 'over_limit_seconds'])
      .concat(['over_limit_light', 'over_limit_moderate', 'over_limit_heavy', 'over_limit_severe'])
      .map((c) => [c, 0]),
  );
  const values = Object.fromEntries(LAKE_METRICS.map((m) => [metricColumn(m.id), metrics[m.id] ?? null]));
  return { carrier, roster_size: 3, road_limits: true, ...zero, ...facts, ...values };
}

describe('the report model', () => {
  it("reads the metrics' details from the facts the lake holds, and no other field of Compare's", () => {
    const facts = lakeFactsOfRow(row('111', { vehicles_with_data: 2, days_in_range: 30, gaps: 4, trip_count: 7 }));
    const guarded = new Proxy(facts, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target)) throw new Error(`read ${key}`);
        return Reflect.get(target, key);
      },
    });
    const details = LAKE_METRICS.map((m) => m.detail?.(guarded as never) ?? null);
    expect(details).toContain('2 / 3');
    expect(details).toContain('4 gaps');
    expect(details).toContain('7 trips');
  });

  it('refuses a row whose fact is missing or not a number', () => {
    const good = row('1', {});
    const { miles: _miles, ...withoutMiles } = good;
    expect(() => lakeFactsOfRow(withoutMiles)).toThrow(/no miles/);
    expect(() => lakeFactsOfRow({ ...good, gaps: '4' })).toThrow(/gaps is not a number/);
  });

  it('ranks by direction: ties share a rank, no value and neutral metrics get none', () => {
    expect(rankPositions([3, null, 1, 3, 2], 'higher-is-better')).toEqual([1, null, 4, 1, 3]);
    expect(rankPositions([3, null, 1, 3, 2], 'lower-is-better')).toEqual([3, null, 1, 3, 2]);
    expect(rankPositions([0.1 + 0.2, 0.3], 'lower-is-better')).toEqual([1, 1]);
    expect(rankPositions([1, 2], 'neutral')).toEqual([null, null]);
  });

  it("writes the SQL's values, as shown, ranked and marked, and lists what the lake cannot answer", () => {
    const r = lakeReport(
      [row('A', {}, { 'offline-share': 0.25 }), row('B', {}, { 'offline-share': 0.5 }), row('C', {}, {})],
      bounds,
      { speedingThresholdMph: 70 },
    );
    const offline = r.rows.find((x) => x.def.id === 'offline-share')!;
    expect(offline.cells.map((c) => [c.value, c.text, c.rank, c.mark])).toEqual([
      [0.25, '25.0%', 1, 'best'],
      [0.5, '50.0%', 2, 'worst'],
      [null, '—', null, null],
    ]);
    const csv = lakeReportCsv(r);
    expect(csv).toContain('metric,offline-share,Offline share,%,lower-is-better,A,0.25,25.0%,,1,best,');
    expect(csv).toContain('parameter,speedingThresholdMph,Speeding threshold,mph,,,,,,,,70');
    for (const { def } of METRICS_NOT_IN_LAKE) expect(csv).toContain(`not-in-lake,${def.id},`);
  });
});
