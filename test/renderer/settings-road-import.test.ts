import { describe, expect, it } from 'vitest';
import {
  importProgress,
  indexFacts,
  piecePlan,
  sourceShares,
} from '../../renderer/src/features/settings/road-import.ts';
import { zoneNames } from '../../renderer/src/features/settings/zone-names.ts';
import type { RoadLimitsInfo } from '../../shared/ipc/roads-contract.ts';

describe('piecePlan: the pieces a file is sent in', () => {
  it.each([
    [0, 4],
    [1, 4],
    [4, 4],
    [9, 4],
    [8 * 1024 ** 2 * 3 + 17, 8 * 1024 ** 2],
  ])('covers %i bytes in order with pieces of at most %i, none empty', (size, piece) => {
    const plan = piecePlan(size, piece);
    expect(plan.length).toBe(Math.ceil(size / piece));
    let at = 0;
    for (const p of plan) {
      expect(p.start).toBe(at);
      expect(p.end - p.start).toBeGreaterThan(0);
      expect(p.end - p.start).toBeLessThanOrEqual(piece);
      at = p.end;
    }
    expect(at).toBe(size);
  });

  it('refuses a size or piece it cannot cut', () => {
    expect(() => piecePlan(-1, 4)).toThrow(RangeError);
    expect(() => piecePlan(1.5, 4)).toThrow(RangeError);
    expect(() => piecePlan(10, 0)).toThrow(RangeError);
  });
});

describe('importProgress: the bar and its words', () => {
  it('says which pass is running and how far, never past 100%', () => {
    expect(importProgress({ phase: 'receiving', bytesReceived: 250, bytesTotal: 1000 })).toEqual({
      percent: 25,
      text: 'Receiving the file 25%',
    });
    expect(importProgress({ phase: 'building', pass: 1, fraction: 0.426, ways: 0 })).toEqual({
      percent: 42,
      text: 'Reading ways (pass 1 of 2) 42%',
    });
    expect(importProgress({ phase: 'building', pass: 2, fraction: 1.2, ways: 0 })?.text).toBe(
      'Reading nodes (pass 2 of 2) 100%',
    );
    expect(importProgress({ phase: 'cancelled' })).toBeNull();
    expect(importProgress({ phase: 'failed', message: 'x' })).toBeNull();
  });
});

const info = (ways: number, posted: number, dflt: number, none: number): RoadLimitsInfo => ({
  id: 'i',
  fileName: 'andorra.osm.pbf',
  origin: 'import',
  importedAt: Date.parse('2026-11-20T15:00:00Z'),
  ways,
  segments: 10,
  bytes: 1536,
  counts: { posted, default: dflt, none, refused: 3 },
});

describe('the kept index in words', () => {
  it('gives each source its share of the ways, and a dash when there are none', () => {
    expect(sourceShares(info(8, 1, 6, 1))).toEqual({ posted: '13%', default: '75%', none: '13%' });
    expect(sourceShares(info(0, 0, 0, 0))).toEqual({ posted: '—', default: '—', none: '—' });
  });

  it('lists file, origin, date, roads, limits, refusals and size', () => {
    const facts = Object.fromEntries(indexFacts(info(1179, 198, 979, 2), 'UTC'));
    expect(facts).toMatchObject({
      File: 'andorra.osm.pbf',
      Origin: 'Imported by you',
      Roads: '1,179',
      Limits: '17% posted, 83% legal default, 0% none known',
      'Values refused': '3',
      Size: '1.5 KB',
    });
    expect(facts['Imported']).toContain('Nov 20, 2026');
    expect(Object.fromEntries(indexFacts({ ...info(1, 1, 0, 0), origin: 'demo' }))['Origin']).toMatch(/^Demo roads/);
  });

  it('names each kept zone, by its number when it has no name', () => {
    const ring = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ];
    const feature = (properties: object) => ({
      type: 'Feature',
      properties,
      geometry: { type: 'Polygon', coordinates: ring },
    });
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [feature({ name: 'Yard', maxspeed: '10 mph' }), feature({ limit_mph: 20 })],
    });
    expect(zoneNames(text)).toEqual(['Yard (10 mph)', expect.stringMatching(/^Zone 2 \(.*20.*\)$/)]);
    expect(zoneNames('not json')).toEqual([]);
  });
});
