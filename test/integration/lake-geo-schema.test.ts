/**
 * The `geo` key of every file `routelens lake sync` writes validates against a JSON Schema of the
 * GeoParquet 1.1 file metadata (test/support/geoparquet-1.1.schema.json, written from the specification's
 * text), checked with ajv; and the schema is not a rubber stamp: metadata broken in the ways a writer
 * could break it fails, at the path of what was broken.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { parquetMetadata } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { spawnCli } from '../support/cli-run.ts';
import { DERIVED_TABLES } from '../../shared/lake/derived-tables.ts';
import { BREADCRUMBS_DIR } from '../../shared/lake/layout.ts';
import { parquetFiles } from './lake-support.ts';

const schema = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../support/geoparquet-1.1.schema.json'), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
const DAY = addDays(dayOfMs(Date.now()), -2);

type Geo = { primary_column: string; columns: Record<string, Record<string, unknown>> } & Record<string, unknown>;

function geoText(file: string): string | undefined {
  const bytes = readFileSync(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return parquetMetadata(buffer).key_value_metadata?.find((kv) => kv.key === 'geo')?.value;
}

function geoOf(file: string): Geo {
  const text = geoText(file);
  if (text === undefined) throw new Error(`${file} has no geo key`);
  return JSON.parse(text) as Geo;
}

const errorsOf = (geo: unknown): Pick<ErrorObject, 'instancePath' | 'keyword'>[] =>
  validate(geo) ? [] : (validate.errors ?? []).map(({ instancePath, keyword }) => ({ instancePath, keyword }));

describe('GeoParquet 1.1 metadata of the lake', () => {
  let dir: string;
  let files: string[];
  let plain: string[];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-geo-'));
    const run = await spawnCli(
      ['lake', 'sync', '--demo', '--from', DAY, '--to', DAY, '--out', dir, '--rate', '400', '--concurrency', '16'],
      {},
    );
    expect(run.code, run.stderr).toBe(0);
    // The tables with a geometry column: the breadcrumbs and every derived table that declares one.
    const spatial = [BREADCRUMBS_DIR, ...DERIVED_TABLES.filter((t) => t.geometry !== undefined).map((t) => t.name)];
    files = spatial.flatMap((t) => parquetFiles(dir, t)).map((f) => path.join(dir, f));
    plain = DERIVED_TABLES.filter((t) => t.geometry === undefined).flatMap((t) => parquetFiles(dir, t.name));
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every file has a geo key that validates, whose primary column is one of its columns', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((f) => f.includes(`${path.sep}events${path.sep}`))).toBe(true);
    for (const file of files) {
      const geo = geoOf(file);
      expect(errorsOf(geo), file).toEqual([]);
      expect(Object.keys(geo.columns)).toContain(geo.primary_column);
    }
  });

  it('tables without a geometry column carry no geo key (it would name a column that is not there)', () => {
    expect(plain.length).toBeGreaterThan(0);
    for (const f of plain) expect(geoText(path.join(dir, f)), f).toBeUndefined();
  });

  it('fails metadata with a wrong version, no primary_column, a bbox of 3 numbers or an unknown encoding', () => {
    const good = geoOf(files[0]!);
    const column = good.primary_column;
    const broken = (change: (g: Geo) => void): Geo => {
      const g = structuredClone(good);
      change(g);
      return g;
    };
    expect(errorsOf(broken((g) => (g.version = '1.0.0')))).toEqual([{ instancePath: '/version', keyword: 'pattern' }]);
    expect(errorsOf(broken((g) => delete (g as Partial<Geo>).primary_column))).toEqual([
      { instancePath: '', keyword: 'required' },
    ]);
    expect(errorsOf(broken((g) => (g.columns[column]!['bbox'] = [-101, 35, -100])))).toContainEqual({
      instancePath: `/columns/${column}/bbox`,
      keyword: 'oneOf',
    });
    expect(errorsOf(broken((g) => (g.columns[column]!['encoding'] = 'GeoJSON')))).toEqual([
      { instancePath: `/columns/${column}/encoding`, keyword: 'enum' },
    ]);
    expect(errorsOf(broken((g) => (g.columns[column]!['geometry_types'] = ['Point', 'Point'])))).toEqual([
      { instancePath: `/columns/${column}/geometry_types`, keyword: 'uniqueItems' },
    ]);
  });
});
