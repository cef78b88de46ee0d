/**
 * Reads a vehicle's breadcrumb day files back as the app's day chunks (one
 * per home-zone day, `day` = that local day), for the derived tables'
 * analysis windows. One query over all the files a vehicle's derivation needs.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { MOTION_BY_CODE, motionCode } from '../../../shared/domain/status.ts';
import type { MotionStatus } from '../../../shared/api/wire.ts';
import { allocColumns } from '../../../shared/track/columns.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { sqlText } from './parquet-writer.ts';

const STATUSES = new Set<string>(MOTION_BY_CODE);

/** `files` by local day; gives a chunk for each day whose file has readings. */
export async function readDayChunks(
  conn: DuckDBConnection,
  vehicle: { vehicleId: string; number: string; vin: string },
  files: ReadonlyMap<string, string>,
): Promise<Map<string, DayChunk>> {
  const out = new Map<string, DayChunk>();
  if (files.size === 0) return out;
  const list = [...files.values()].map(sqlText).join(', ');
  const reader = await conn.runAndReadAll(
    `SELECT strftime("day", '%Y-%m-%d'), epoch_us("timestamp") / 1000, id, lat, lng, speed, direction, status, calc_location
     FROM read_parquet([${list}], hive_partitioning = true, hive_types = {'carrier': VARCHAR, 'day': DATE})
     ORDER BY "day", "timestamp", id`,
  );
  const [days, t, id, lat, lng, speed, direction, status, place] = reader.getColumns() as unknown[][];
  const n = reader.currentRowCount;
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && days![i] === days![start]) continue;
    const day = String(days![start]);
    const len = i - start;
    const chunk: DayChunk = {
      vehicleId: vehicle.vehicleId,
      day,
      vehicleNumber: vehicle.number,
      vin: vehicle.vin,
      ...allocColumns(len),
      id: new Array<string>(len),
      location: new Array<string>(len),
    };
    for (let k = 0; k < len; k++) {
      const r = start + k;
      chunk.t[k] = t![r] as number;
      chunk.lat[k] = lat![r] as number;
      chunk.lng[k] = lng![r] as number;
      // NULL is unknown, as the chunk says it: NaN, never 0.
      chunk.speed[k] = speed![r] === null ? NaN : (speed![r] as number);
      chunk.direction[k] = direction![r] === null ? NaN : (direction![r] as number);
      const s = status![r];
      chunk.status[k] = motionCode(typeof s === 'string' && STATUSES.has(s) ? (s as MotionStatus) : null);
      chunk.id[k] = String(id![r]);
      chunk.location[k] = place![r] === null ? '' : String(place![r]);
    }
    out.set(day, chunk);
    start = i;
  }
  return out;
}
