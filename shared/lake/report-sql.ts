import { METRICS, type MetricDef, type MetricGroup } from '../compare/metrics.ts';
import { daysFromTo, isLocalDay, type LocalDay } from '../time/local-day.ts';

/**
 * The report's portable SQL (shared/lake/sql/*.sql) made runnable: its named placeholders replaced by
 * literals, and which of Compare's metrics the lake answers. The `.sql` text is the one copy every engine
 * runs; an engine's gap is bridged here, at substitution, never by a second copy of the query.
 */

/** Where the report's query files live, relative to this folder. */
export const REPORT_SQL_FILES = { carriers: 'sql/report-carriers.sql' } as const;

/**
 * 'portable': Spark SQL, Trino and DuckDB (ANSI `DATE 'YYYY-MM-DD'` literals, the partition `day` a DATE).
 * 'sqlite': SQLite has no DATE type nor DATE literals; its tables hold `day` as ISO text, so a bound is the
 * plain text literal, which orders the same way (ISO days sort as text).
 */
export type SqlDialect = 'portable' | 'sqlite';

export interface ReportBounds {
  from: LocalDay;
  to: LocalDay;
  /** The lake's analysis judged road limits (its manifest says so); without, over-the-limit metrics are NULL. */
  roadLimits: boolean;
}

export class ReportSqlError extends Error {
  override name = 'ReportSqlError';
}

const PLACEHOLDER = /\{\{([a-z_]+)\}\}/g;

/** The query with its placeholders replaced; a bound that is not a day, or an unknown placeholder, throws. */
export function reportSql(template: string, bounds: ReportBounds, dialect: SqlDialect = 'portable'): string {
  for (const day of [bounds.from, bounds.to])
    if (!isLocalDay(day)) throw new ReportSqlError(`"${String(day).slice(0, 40)}" is not a day as YYYY-MM-DD.`);
  if (bounds.from > bounds.to)
    throw new ReportSqlError(`The range starts (${bounds.from}) after it ends (${bounds.to}).`);
  const day = (d: LocalDay) => (dialect === 'sqlite' ? `'${d}'` : `DATE '${d}'`);
  const values: Readonly<Record<string, string>> = {
    from: day(bounds.from),
    to: day(bounds.to),
    days_in_range: String(daysFromTo(bounds.from, bounds.to).length),
    road_limits: bounds.roadLimits ? 'TRUE' : 'FALSE',
  };
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new ReportSqlError(`The report's SQL holds an unknown placeholder ${whole}.`);
    return value;
  });
}

/**
 * Per metric group, why the lake cannot answer it (null: it can). One table, from which the report's
 * metrics and its notes derive.
 */
export const LAKE_GROUP_GAPS: Readonly<Record<MetricGroup, string | null>> = {
  coverage: null,
  exposure: null,
  safety: null,
  operations: null,
  drivers: 'the lake holds no driver assignments (who drove which truck)',
  hos: 'the lake holds no Hours-of-Service snapshots (the API keeps no HOS history)',
};

/** Compare's metrics the lake report computes, in the METRICS table's order. */
export const LAKE_METRICS: readonly MetricDef[] = METRICS.filter((m) => LAKE_GROUP_GAPS[m.group] === null);

/** Compare's metrics the lake cannot answer, each with the reason (never reported as 0). */
export const METRICS_NOT_IN_LAKE: readonly { def: MetricDef; reason: string }[] = METRICS.flatMap((def) => {
  const reason = LAKE_GROUP_GAPS[def.group];
  return reason === null ? [] : [{ def, reason }];
});

/** The query's column holding a metric's value: `metric_` and its id with '-' as '_'. */
export function metricColumn(id: string): string {
  return `metric_${id.replaceAll('-', '_')}`;
}
