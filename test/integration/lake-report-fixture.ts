/**
 * A lake built by construction for `lake report`'s tests: small derived-table files (one per carrier, vehicle
 * and table, as the lake writes them) whose sums are known, and a manifest. Four carriers over the range
 * 2026-11-01..03, each with rows just outside it (10-31, 11-04) that the report must leave out:
 * - 111: three roster vehicles, driving, speeding and over the limit;
 * - 222: two roster vehicles, readings but no driving (every per-mile and per-driving-time rate undefined);
 * - 333: one roster vehicle, nothing stored in the range (every total undefined, coverage 0);
 * - 444: no roster file (coverage against the roster undefined), one driving day.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { DERIVED_TABLES } from '../../shared/lake/derived-tables.ts';
import { emptyManifest, type LakeManifest } from '../../shared/lake/manifest.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';

export const RANGE = { from: '2026-11-01', to: '2026-11-03' } as const;
export const LAKE_RANGE = { from: '2026-10-31', to: '2026-11-04' } as const;

type Cell = string | number | null;
type Row = Record<string, Cell>;

/** Each table's columns as the lake declares them (shared/lake/derived-tables.ts); a cell not given is NULL. */
const COLUMNS = Object.fromEntries(
  DERIVED_TABLES.map((t) => [t.name, Object.fromEntries(t.columns.map((c) => [c.name, c.type]))]),
) as Record<'days' | 'trips' | 'events' | 'vehicles', Record<string, string>>;

/** d(vehicle, day, points, miles, moving, stationary, offline, speeding s, speeding events, gaps). */
function d(
  v: string,
  day: string,
  points: number,
  miles = 0,
  mov = 0,
  sta = 0,
  off = 0,
  sps = 0,
  spe = 0,
  gaps = 0,
): Row {
  return {
    vehicle_id: v,
    vehicle_number: v.toUpperCase(),
    day,
    state: 'complete',
    points,
    outliers: 0,
    distance_miles: miles,
    moving_seconds: mov,
    stationary_seconds: sta,
    offline_seconds: off,
    speeding_seconds: sps,
    speeding_events: spe,
    gaps,
  };
}
const trip = (v: string, day: string, n: number, miles: number): Row => ({
  vehicle_id: v,
  day,
  trip_id: `T-${v}-${day}-${n}`,
  distance_miles: miles,
});
const over = (v: string, day: string, n: number, tier: string | null, seconds: number, kind = 'over-limit'): Row => ({
  vehicle_id: v,
  day,
  event_id: `T-${v}-${day}-e${n}`,
  kind,
  seconds,
  tier,
});

export interface FixtureCarrier {
  carrier: string;
  roster: string[] | null;
  days: Row[];
  trips: Row[];
  events: Row[];
}

export const CARRIERS: readonly FixtureCarrier[] = [
  {
    carrier: '111',
    roster: ['a1', 'a2', 'a3'],
    days: [
      d('a1', '2026-10-31', 10, 1000, 36000, 0, 0, 600, 9, 9),
      d('a1', '2026-11-01', 100, 100, 7200, 3600, 1800, 120, 2, 1),
      d('a1', '2026-11-02', 50, 50, 3600, 1800, 0, 60, 1, 0),
      d('a1', '2026-11-04', 10, 2000, 36000, 0, 0, 600, 9, 9),
      d('a2', '2026-11-01', 20, 0, 0, 7200, 600, 0, 0, 2),
      { ...d('a2', '2026-11-03', 0), state: 'partial' },
    ],
    trips: [
      trip('a1', '2026-10-31', 1, 999),
      trip('a1', '2026-11-01', 1, 60),
      trip('a1', '2026-11-01', 2, 40),
      trip('a1', '2026-11-02', 1, 50),
      trip('a1', '2026-11-04', 1, 888),
    ],
    events: [
      over('a1', '2026-10-31', 1, 'severe', 99),
      over('a1', '2026-11-01', 1, 'light', 30),
      over('a1', '2026-11-01', 2, 'severe', 20),
      over('a1', '2026-11-01', 3, null, 45, 'speeding'),
      over('a1', '2026-11-02', 1, 'light', 10),
      over('a1', '2026-11-04', 1, 'severe', 99),
    ],
  },
  {
    carrier: '222',
    roster: ['b1', 'b2'],
    days: [d('b1', '2026-11-01', 0), d('b1', '2026-11-02', 5, 0, 0, 600, 0, 0, 0, 0)],
    trips: [],
    events: [],
  },
  {
    carrier: '333',
    roster: ['c1'],
    days: [d('c1', '2026-10-31', 30, 300, 7200)],
    trips: [trip('c1', '2026-10-31', 1, 300)],
    events: [],
  },
  {
    carrier: '444',
    roster: null,
    days: [d('d1', '2026-11-03', 30, 300, 7200)],
    trips: [trip('d1', '2026-11-03', 1, 300)],
    events: [],
  },
];

const literal = (v: Cell) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);

async function writeTable(
  conn: DuckDBConnection,
  file: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly Row[],
) {
  if (rows.length === 0) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const names = Object.keys(columns);
  const values = rows.map((r) => `(${names.map((n) => `CAST(${literal(r[n] ?? null)} AS ${columns[n]})`).join(', ')})`);
  await conn.run(
    `COPY (SELECT * FROM (VALUES ${values.join(', ')}) AS t(${names.join(', ')})) TO '${file}' (FORMAT parquet)`,
  );
}

/** Rows of one carrier's table grouped by vehicle: one file each, as the lake writes them. */
function byVehicle(rows: readonly Row[]): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows) out.set(String(r['vehicle_id']), [...(out.get(String(r['vehicle_id'])) ?? []), r]);
  return out;
}

/** Writes the lake under `lake`; `roadLimits` records in the manifest that the analysis judged road limits. */
export async function writeFixtureLake(lake: string, roadLimits: boolean): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    for (const c of CARRIERS) {
      for (const table of ['days', 'trips', 'events'] as const)
        for (const [vehicle, rows] of byVehicle(c[table]))
          await writeTable(
            conn,
            path.join(lake, table, `carrier=${c.carrier}`, `${vehicle}.parquet`),
            COLUMNS[table],
            rows,
          );
      if (c.roster)
        await writeTable(
          conn,
          path.join(lake, 'vehicles', `carrier=${c.carrier}`, 'vehicles.parquet'),
          COLUMNS.vehicles,
          c.roster.map((v) => ({ vehicle_id: v, number: v.toUpperCase(), vin: `VIN-${v}` })),
        );
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  writeManifestFile(lake, roadLimits);
}

export function writeManifestFile(lake: string, roadLimits: boolean, range: LakeManifest['range'] = LAKE_RANGE) {
  const m: LakeManifest = {
    ...emptyManifest({ name: 'RouteLens', version: 'test' }, { ...DEFAULT_ANALYSIS_PARAMS }),
    range,
    carriers: CARRIERS.map((c) => ({
      name: `Carrier ${c.carrier}`,
      carrier: c.carrier,
      dotNumber: c.carrier,
      homeZone: 'UTC',
      vehicles: {},
    })),
  };
  m.roadLimits = roadLimits ? { file: { name: 'roads.rlidx', sha256: '0'.repeat(64) } } : null;
  mkdirSync(lake, { recursive: true });
  writeFileSync(path.join(lake, '_lake.json'), JSON.stringify(m));
}
