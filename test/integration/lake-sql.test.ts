/**
 * `routelens lake sql` as a process over a lake written by the lake's own writer from readings known by
 * construction: the count by carrier and day is exactly what was written, printed as CSV with a header;
 * anything that is not one read-only query over the lake (COPY TO, ATTACH, reading a file outside the lake,
 * two statements) is refused with exit 2 and leaves nothing behind.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareWriter, writeDayFile } from '../../electron/node/lake/parquet-writer.ts';
import { breadcrumbFile } from '../../shared/lake/layout.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { spawnCli } from '../support/cli-run.ts';

/** carrier → vehicle → readings on 2026-11-10 (UTC lake days: the zone is UTC here). */
const WRITTEN = { '1000001': { a1: 3, a2: 5 }, '2000002': { b1: 7 } } as const;
const DAY = '2026-11-10';

function readings(vehicle: string, n: number): Breadcrumb[] {
  const start = Date.parse(`${DAY}T08:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({
    id: `${vehicle}-${i}`,
    t: start + i * 60_000,
    lat: 35 + i / 100,
    lng: -97 - i / 100,
    speed: 50,
    status: 'IN_MOTION' as const,
    direction: 90,
    location: 'Somewhere, OK',
    vehicleNumber: vehicle.toUpperCase(),
    vin: `VIN${vehicle}`,
  }));
}

describe('routelens lake sql', () => {
  let dir: string;
  let lake: string;
  const sql = (query: string) => spawnCli(['lake', 'sql', '--lake', lake, query]);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-sql-'));
    lake = path.join(dir, 'lake');
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    await prepareWriter(conn);
    for (const [carrier, vehicles] of Object.entries(WRITTEN)) {
      for (const [vehicle, n] of Object.entries(vehicles)) {
        const file = path.join(lake, breadcrumbFile(carrier, DAY, vehicle));
        mkdirSync(path.dirname(file), { recursive: true });
        const chunk = buildDayChunk(vehicle, DAY, readings(vehicle, n));
        await writeDayFile(conn, file, [{ chunk, outliers: null, fromMs: 0, toMs: Infinity }], null);
      }
    }
    conn.closeSync();
    instance.closeSync();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints text with control characters made visible, never raw to the terminal', async () => {
    const run = await sql("SELECT chr(27) || '[2J' || chr(7) AS x, 'ok' AS plain");
    expect(run.code, run.stderr).toBe(0);
    for (const raw of ['\u001b', '\u0007']) expect(run.stdout.includes(raw)).toBe(false);
    expect(run.stdout.trim().split('\n')).toEqual(['x,plain', '\\x1b[2J\\x07,ok']);
  });

  it('prints the count by carrier and day as CSV with a header', async () => {
    const run = await sql('SELECT carrier, day, count(*) AS readings FROM breadcrumbs GROUP BY ALL ORDER BY carrier');
    expect(run.code, run.stderr).toBe(0);
    const expected = Object.entries(WRITTEN).map(
      ([carrier, vehicles]) =>
        `${carrier},${DAY},${Object.values(vehicles).reduce((a: number, b: number) => a + b, 0)}`,
    );
    expect(run.stdout.trim().split('\n')).toEqual(['carrier,day,readings', ...expected]);
  }, 60_000);

  it.each([
    ['COPY to a file outside the lake', (out: string) => `COPY (SELECT * FROM breadcrumbs) TO '${out}'`],
    ['COPY to a file inside the lake', (_out: string) => `COPY (SELECT 1) TO 'LAKE/copied.csv'`],
    ['ATTACH of a database outside the lake', (out: string) => `ATTACH '${out}' AS other`],
    ['a read of a file outside the lake', (_out: string) => `SELECT * FROM read_csv('/etc/passwd')`],
    ['two statements', (_out: string) => `SELECT 1; SELECT 2`],
    ['a setting change', (_out: string) => `SET enable_external_access = true`],
  ])(
    'refuses %s',
    async (_what, query) => {
      const out = path.join(dir, 'escaped.out');
      const run = await sql(query(out).replace('LAKE', lake));
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
      expect(existsSync(out)).toBe(false);
      expect(existsSync(path.join(lake, 'copied.csv'))).toBe(false);
    },
    60_000,
  );

  it.each([
    ['an analysis flag', ['--speed-limit', '70']],
    ['a sync flag', ['--carriers', 'x.csv']],
    ['a report flag', ['--from', '2026-11-01']],
  ])('refuses %s it would not use, naming it, before reading the lake', async (_what, flag) => {
    const run = await spawnCli(['lake', 'sql', '--lake', lake, ...flag, 'SELECT 1']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`routelens: ${flag[0]} does not apply to "lake sql".`);
    expect(run.stdout).toBe('');
  });
});
