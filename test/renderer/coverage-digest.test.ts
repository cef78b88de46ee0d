/**
 * A carrier's coverage rows packed in one digest row (renderer/src/store/coverage-digest.ts): read back as
 * the same rows, through a structured clone as IndexedDB stores it; anything not a whole digest of the carrier
 * reads as none; `keptCoverage` uses a digest only under the stamp asked for, and keeps what it read under it.
 * Chromium's IndexedDB round trip is in test/e2e/store-coverage-digest.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import type { RouteLensDb } from '../../renderer/src/store/db.ts';
import {
  keptCoverage,
  packCoverage,
  unpackCoverage,
  type CoverageDigestRow,
} from '../../renderer/src/store/coverage-digest.ts';
import type { CoverageRow } from '../../renderer/src/store/types.ts';

const row = (vehicleId: string, day: string, over: Partial<CoverageRow> = {}): CoverageRow => ({
  carrierId: 'c1',
  vehicleId,
  day,
  state: 'complete',
  points: 86_400,
  bytes: 2_345_678,
  fetchedAt: 1_790_000_000_123,
  ...over,
});

const ROWS: CoverageRow[] = [
  row('v1', '2026-11-01'),
  row('v1', '2026-11-02', { points: 0, bytes: 0 }),
  row('v2', '2026-11-01', { fetchedAt: 1_790_000_999_999.5 }),
  row('v10', '2026-11-03', { state: 'partial', points: 17 }),
];

describe('packCoverage / unpackCoverage', () => {
  it('gives back every row, field for field and in order, after a structured clone', () => {
    const packed = packCoverage('c1', '4@1790000999999.5', ROWS);
    expect(packed.vehicles).toEqual(['v1', 'v2', 'v10']);
    expect(packed.days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(unpackCoverage(structuredClone(packed), 'c1')).toEqual(ROWS);
    expect(unpackCoverage(packCoverage('c1', '0@0', []), 'c1')).toEqual([]);
  });

  it('reads anything but a whole digest of the carrier as none', () => {
    const good = () => packCoverage('c1', 's', ROWS);
    const damaged: [string, (d: CoverageDigestRow) => unknown][] = [
      ['another carrier', (d) => ({ ...d, carrierId: 'c2' })],
      ['no stamp', (d) => ({ ...d, stamp: undefined })],
      ['a column short', (d) => ({ ...d, points: d.points.subarray(1) })],
      ['a column of another kind', (d) => ({ ...d, day: Array.from(d.day) })],
      ['a vehicle index past its table', (d) => ({ ...d, vehicle: Int32Array.from([0, 0, 1, 3]) })],
      ['a negative day index', (d) => ({ ...d, day: Int32Array.from([0, -1, 0, 2]) })],
      ['vehicle ids not texts', (d) => ({ ...d, vehicles: ['v1', 2, 'v10'] })],
      ['a column missing', (d) => ({ ...d, partial: undefined })],
    ];
    for (const [what, damage] of damaged) expect(unpackCoverage(damage(good()), 'c1'), what).toBeNull();
    expect(unpackCoverage(null, 'c1')).toBeNull();
    expect(unpackCoverage('c1', 'c1')).toBeNull();
  });
});

/** A stand-in for the digest table: what was put, and a get that answers from it. */
function digestTable(initial?: unknown) {
  const puts: CoverageDigestRow[] = [];
  let kept = initial;
  const db = {
    coverageDigests: {
      get: async () => kept,
      put: async (d: CoverageDigestRow) => {
        puts.push(d);
        kept = d;
      },
    },
  } as unknown as RouteLensDb;
  return { db, puts };
}

describe('keptCoverage', () => {
  it('reads the rows when no digest is kept, and keeps them under the stamp asked for', async () => {
    const { db, puts } = digestTable();
    let reads = 0;
    const rows = await keptCoverage(db, 'c1', '4@9', async () => (reads++, ROWS));
    expect(rows).toBe(ROWS);
    expect(reads).toBe(1);
    await Promise.resolve();
    expect(puts.map((d) => d.stamp)).toEqual(['4@9']);
    expect(unpackCoverage(puts[0], 'c1')).toEqual(ROWS);
  });

  it('answers from a digest of the same stamp without reading, and reads again at another stamp', async () => {
    const { db, puts } = digestTable(packCoverage('c1', '4@9', ROWS));
    let reads = 0;
    const fresh = [row('v1', '2026-11-04')];
    expect(await keptCoverage(db, 'c1', '4@9', async () => (reads++, fresh))).toEqual(ROWS);
    expect(reads).toBe(0);
    expect(await keptCoverage(db, 'c1', '5@10', async () => (reads++, fresh))).toEqual(fresh);
    expect(reads).toBe(1);
    await Promise.resolve();
    expect(puts.map((d) => d.stamp)).toEqual(['5@10']);
  });

  it('reads the rows when the digest under the stamp is damaged, or when the digest cannot be read', async () => {
    const torn = { ...packCoverage('c1', '4@9', ROWS), vehicle: new Int32Array(1) };
    let reads = 0;
    const read = async () => (reads++, ROWS);
    expect(await keptCoverage(digestTable(torn).db, 'c1', '4@9', read)).toBe(ROWS);
    const broken = {
      coverageDigests: { get: async () => Promise.reject(new Error('disk')), put: async () => undefined },
    } as unknown as RouteLensDb;
    expect(await keptCoverage(broken, 'c1', '4@9', read)).toBe(ROWS);
    expect(reads).toBe(2);
  });
});
