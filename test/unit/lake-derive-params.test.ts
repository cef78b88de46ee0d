/**
 * The derivation key (electron/node/lake/derive-params.ts): one value per set of analysis parameters and
 * road limits, whatever the order the parameters were given in; any parameter or road-limit file change
 * changes it; the manifest takes the run's settings and says once when they differ from its own.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import { emptyManifest } from '../../shared/lake/manifest.ts';
import { adoptDeriveSettings, deriveKey, deriveSettings } from '../../electron/node/lake/derive-params.ts';

const params = { ...DEFAULT_ANALYSIS_PARAMS };
const roads = { file: { name: 'roads.rlidx', sha256: 'a'.repeat(64) } };

describe('the derivation key', () => {
  it('is the same for the same parameters in any order', () => {
    const reversed = Object.fromEntries(Object.entries(params).reverse()) as unknown as AnalysisParams;
    expect(deriveKey(reversed, null)).toBe(deriveKey(params, null));
    expect(deriveKey(params, null)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes with every parameter and with the road limits', () => {
    const keys = new Set([deriveKey(params, null), deriveKey(params, roads)]);
    for (const k of Object.keys(params) as (keyof AnalysisParams)[])
      keys.add(deriveKey({ ...params, [k]: params[k] + 1 }, null));
    keys.add(deriveKey(params, { file: { ...roads.file, sha256: 'b'.repeat(64) } }));
    keys.add(deriveKey(params, { ...roads, toleranceMph: 8 }));
    expect(keys.size).toBe(Object.keys(params).length + 4);
  });

  it('is taken by the manifest, which says so once when it had another', () => {
    const m = emptyManifest({ name: 'routelens', version: '0' }, params);
    const said: string[] = [];
    adoptDeriveSettings(m, deriveSettings(params, undefined, null), (l) => said.push(l));
    expect(said).toEqual([]);
    const other = deriveSettings({ ...params, speedingThresholdMph: 60 }, undefined, null);
    adoptDeriveSettings(m, other, (l) => said.push(l));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/derived again \(breadcrumbs are kept\)/);
    expect(m).toMatchObject({ derivedKey: other.key, roadLimits: null, params: { speedingThresholdMph: 60 } });
  });
});
