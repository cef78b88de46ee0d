import { describe, expect, it } from 'vitest';
import { emptyManifest, LAKE_SCHEMA_VERSION, ManifestError, parseManifest } from '../../shared/lake/manifest.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';

const base = () => emptyManifest({ name: 'routelens', version: '0.1.0' }, DEFAULT_ANALYSIS_PARAMS);

describe('the lake manifest, read back before a resumed sync', () => {
  it('keeps what the API showed about end_date', () => {
    const m = { ...base(), endDateMode: 'inclusive' as const, refusesEndDateAfterToday: true };
    expect(parseManifest(JSON.stringify(m))).toEqual(m);
  });

  it.each([
    [{ endDateMode: 'exclusive' }, /endDateMode/],
    [{ refusesEndDateAfterToday: 'yes' }, /refusesEndDateAfterToday/],
    [{ schemaVersion: LAKE_SCHEMA_VERSION + 1 }, /schema version/],
    [{ carriers: {} }, /carriers array/],
  ])('refuses %j with a sentence naming the field', (patch, message) => {
    expect(() => parseManifest(JSON.stringify({ ...base(), ...patch }))).toThrow(ManifestError);
    expect(() => parseManifest(JSON.stringify({ ...base(), ...patch }))).toThrow(message);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseManifest('{"schemaVersion": 1,')).toThrow('_lake.json is not valid JSON.');
  });
});
