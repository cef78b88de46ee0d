/**
 * A GPX of readings kept with unknown fields (no speed, heading or status in their records) as
 * third-party tools read it: valid against the GPX 1.1 XSD (xmllint), and gpxpy finds no <type>,
 * speed or course where the record had none, and the recorded ones everywhere else.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, toDayChunks, withUnknowns } from '../support/tracks.ts';
import { xmllintGpx } from '../support/gpx-schema.ts';

let dir = '';
let file = '';
let chunks: DayChunk[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'routelens-gpx-unknowns-'));
  // Every 4th reading without a speed, every 3rd without a heading, every 5th without a status: some lack all three.
  const points = withUnknowns(generateRandomTrack(44, 3), {
    speed: { every: 4 },
    direction: { every: 3 },
    status: { every: 5 },
  });
  chunks = toDayChunks('veh-1', points);
  file = join(dir, 'track.gpx');
  const meta = {
    carrierName: 'Acme',
    dotNumber: '1234567',
    vehicleNumber: 'T-1',
    vin: 'VIN',
    from: chunks[0]!.day,
    to: chunks.at(-1)!.day,
    generatedAt: Date.UTC(2026, 4, 20),
  };
  writeFileSync(file, [...gpxPieces({ chunks, meta })].join(''));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('GPX of readings with unknown fields', () => {
  it('validates against the GPX 1.1 XSD with xmllint', () => {
    const r = xmllintGpx(file);
    expect(r.status, r.stderr).toBe(0);
  });

  it('gpxpy reads no type, speed or course where the record had none, and the recorded ones elsewhere', () => {
    const script = `
import gpxpy, json, sys
g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
def ext(p, name):
    for e in p.extensions:
        for c in e:
            if c.tag.endswith('}' + name):
                return float(c.text)
    return None
print(json.dumps([[p.type, ext(p, 'speed'), ext(p, 'course')] for t in g.tracks for s in t.segments for p in s.points]))
`;
    const r = spawnSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as [string | null, number | null, number | null][];
    const all = chunks.flatMap((c) => [...chunkPoints(c)]);
    expect(got).toHaveLength(all.length);
    expect(all.filter((p) => p.status === null).length).toBeGreaterThan(50);
    got.forEach(([type, mps, course], i) => {
      const p = all[i]!;
      expect(type).toBe(p.status);
      if (Number.isNaN(p.speed)) expect(mps).toBeNull();
      else expect(mps! / 0.44704).toBeCloseTo(p.speed, 4);
      if (Number.isNaN(p.direction)) expect(course).toBeNull();
      else expect(course).toBeCloseTo(p.direction % 360, 1);
    });
  });
});
