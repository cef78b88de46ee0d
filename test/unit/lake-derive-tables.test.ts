/**
 * The derived tables' one declaration (shared/lake/derived-tables.ts): docs/lake.md lists every column
 * with its type, in file order; each event kind fills exactly its own figures and leaves the others NULL;
 * an unknown trip speed is NULL, never 0; a version 1 manifest is read as version 2 without derived rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { SafetyEvent, Trip } from '../../shared/analysis/types.ts';
import { KIND_CSV_COLUMNS } from '../../shared/analysis/event-kinds.ts';
import { DERIVED_TABLES, EVENT_KIND_COLUMNS, TRIPS_TABLE, type TripRow } from '../../shared/lake/derived-tables.ts';
import { emptyManifest, LAKE_SCHEMA_VERSION, ManifestError, parseManifest } from '../../shared/lake/manifest.ts';

const docs = readFileSync(new URL('../../docs/lake.md', import.meta.url), 'utf8');
const base = { vehicleId: 'v', startMs: 0, endMs: 60_000, durationSeconds: 60, lat: 1, lng: 2, place: 'x' };
const at = { chunk: 0, point: 0 };
const EVENTS: Record<SafetyEvent['kind'], SafetyEvent> = {
  speeding: { ...base, at, kind: 'speeding', peakSpeedMph: 77 },
  'long-stop': { ...base, at, kind: 'long-stop' },
  gap: { ...base, at, kind: 'gap', reason: 'silence', miles: 12.5 },
  'over-limit': {
    ...base,
    at,
    kind: 'over-limit',
    peakSpeedMph: 70,
    limitMph: 55,
    limitSource: 'posted',
    overMph: 15,
    tier: 'moderate',
    road: 'I-80',
    wayId: 123,
  },
};

describe('the derived tables', () => {
  it.each(DERIVED_TABLES.map((t) => [t.name, t] as const))(
    'docs/lake.md lists the %s columns with their types, in file order',
    (name, table) => {
      const section = docs.slice(docs.indexOf(`### \`${name}\``));
      const listed = [...section.matchAll(/^\| `([a-z_]+)` +\| ([A-Z]+) +\|/gm)].map((m) => `${m[1]} ${m[2]}`);
      const expected = [...table.partitions, ...table.columns].map((c) => `${c.name} ${c.type}`);
      expect(listed.slice(0, expected.length)).toEqual(expected);
    },
  );

  it('keeps partition columns out of the files, and every column name once', () => {
    for (const t of DERIVED_TABLES) {
      const names = t.columns.map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
      for (const p of t.partitions) expect(names).not.toContain(p.name);
    }
  });

  it("fills each kind's own figures and leaves the other kinds' NULL", () => {
    const filled = (e: SafetyEvent) => KIND_CSV_COLUMNS.filter((c) => EVENT_KIND_COLUMNS[c].value(e) !== null).sort();
    expect(filled(EVENTS.speeding)).toEqual(['peak_speed_mph']);
    expect(filled(EVENTS['long-stop'])).toEqual([]);
    expect(filled(EVENTS.gap)).toEqual(['gap_miles', 'reason']);
    expect(filled(EVENTS['over-limit'])).toEqual(
      ['limit_mph', 'limit_source', 'over_mph', 'peak_speed_mph', 'road', 'tier', 'way_id'].sort(),
    );
    expect(EVENT_KIND_COLUMNS.gap_miles.value(EVENTS.gap)).toBe(12.5);
    expect(EVENT_KIND_COLUMNS.way_id.value(EVENTS['over-limit'])).toBe(123);
  });

  it('writes an unknown trip speed as NULL, never 0', () => {
    const column = TRIPS_TABLE.columns.find((c) => c.name === 'max_speed_mph')!;
    const row = (maxSpeedMph: number): TripRow => ({
      vehicleId: 'v',
      vehicleNumber: 'T',
      day: '2026-11-20',
      tripId: 'T-2026-11-20-1',
      trip: { maxSpeedMph } as Trip,
    });
    expect(column.value(row(NaN))).toBeNull();
    expect(column.value(row(64.5))).toBe(64.5);
  });
});

describe('the manifest of a lake with derived tables', () => {
  const m = () => emptyManifest({ name: 'routelens', version: '0.1.0' }, DEFAULT_ANALYSIS_PARAMS);

  it('reads a version 1 manifest as the current version, its days without derived rows', () => {
    const v1 = { ...m(), schemaVersion: 1 };
    v1.carriers.push({
      name: 'A',
      carrier: '1',
      dotNumber: '1',
      homeZone: 'UTC',
      vehicles: {
        v: {
          number: 'T',
          vin: '',
          days: { '2026-11-20': { state: 'complete', records: 3, outliers: 0, rejected: 0 } },
        },
      },
    });
    const read = parseManifest(JSON.stringify(v1));
    expect(read.schemaVersion).toBe(LAKE_SCHEMA_VERSION);
    expect(read.carriers[0]!.vehicles['v']!.days['2026-11-20']!.derived).toBeUndefined();
  });

  it.each([
    [{ derivedKey: 5 }, /derivedKey/],
    [{ schemaVersion: LAKE_SCHEMA_VERSION + 1 }, /schema version/],
  ])('refuses %j', (patch, message) => {
    expect(() => parseManifest(JSON.stringify({ ...m(), ...patch }))).toThrow(ManifestError);
    expect(() => parseManifest(JSON.stringify({ ...m(), ...patch }))).toThrow(message);
  });

  it('refuses a day whose derived key is not text', () => {
    const bad = m();
    bad.carriers.push({
      name: 'A',
      carrier: '1',
      dotNumber: '1',
      homeZone: 'UTC',
      vehicles: {
        v: {
          number: 'T',
          vin: '',
          days: { '2026-11-20': { state: 'complete', records: 3, outliers: 0, rejected: 0, derived: 7 as never } },
        },
      },
    });
    expect(() => parseManifest(JSON.stringify(bad))).toThrow(/day 2026-11-20 of vehicle v is malformed/);
  });
});
