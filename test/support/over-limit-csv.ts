import { parseCsv } from '../../shared/export/csv.ts';

/** An events CSV's over-the-limit rows, read back by column name (the CLI's, the audit bundle's). */
export function overLimitRowsOf(csv: string) {
  const [header, ...rows] = parseCsv(csv);
  const col = (name: string) => header!.indexOf(name);
  return rows
    .filter((r) => r[col('kind')] === 'over-limit')
    .map((r) => ({
      startMs: Date.parse(r[col('start_time')]!),
      endMs: Date.parse(r[col('end_time')]!),
      lat: Number(r[col('lat')]),
      lng: Number(r[col('lng')]),
      limitMph: Number(r[col('limit_mph')]),
      overMph: Number(r[col('over_mph')]),
      source: r[col('limit_source')]!,
      tier: r[col('tier')]!,
      road: r[col('road')]!,
      wayId: Number(r[col('way_id')]),
    }));
}
