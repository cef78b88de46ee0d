/**
 * The per-trip GPX (gpxPieces with tracksByTrip) as third-party tools read it:
 * xmllint against the GPX 1.1 XSD, and gpxpy (/usr/bin/python3) finding one
 * track per trip with the trip's points.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { tracksByTrip } from '../../shared/export/gpx-trips.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { xmllintGpx } from '../support/gpx-schema.ts';

let dir = '';
let file = '';
let chunks: DayChunk[] = [];
let analysis: TrackAnalysis;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'routelens-gpx-trips-'));
  chunks = toDayChunks('veh-1', generateRandomTrack(33, 6, { vehicleNumber: 'TRK <7> & "co"' }));
  analysis = analyzeTrack(chunks);
  file = join(dir, 'trips.gpx');
  const meta = {
    carrierName: 'Acme Freight',
    dotNumber: '1234567',
    vehicleNumber: 'TRK <7> & "co"',
    vin: '1FUJGLDR9CLBP8834',
    from: chunks[0]!.day,
    to: chunks.at(-1)!.day,
    generatedAt: Date.UTC(2026, 4, 20, 9, 30),
  };
  writeFileSync(file, [...gpxPieces({ chunks, meta, tracks: tracksByTrip(analysis) })].join(''));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('per-trip GPX', () => {
  it('the track has trips, one of them across midnight (so the checks mean something)', () => {
    expect(analysis.trips.length).toBeGreaterThan(3);
    expect(analysis.trips.some((t) => t.end.chunk > t.start.chunk)).toBe(true);
  });

  it('validates against the GPX 1.1 XSD with xmllint', () => {
    const r = xmllintGpx(file);
    expect(r.status, r.stderr).toBe(0);
  });

  it('gpxpy reads one "trip" track per trip with its name, first/last time and points', () => {
    const script = `
import gpxpy, json, sys
g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
print(json.dumps([{'name': t.name, 'type': t.type,
  'times': [round(p.time.timestamp() * 1000) for s in t.segments for p in s.points]} for t in g.tracks]))
`;
    const r = spawnSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(r.status, r.stderr).toBe(0);
    const tracks = JSON.parse(r.stdout) as { name: string; type: string; times: number[] }[];
    expect(tracks).toHaveLength(analysis.trips.length);
    tracks.forEach((track, k) => {
      const trip = analysis.trips[k]!;
      // The trips CSV's trip_id: vehicle number, UTC date of the start (no zone given), ordinal that day.
      const day = new Date(trip.startMs).toISOString().slice(0, 10);
      const ordinal = analysis.trips
        .slice(0, k + 1)
        .filter((t) => new Date(t.startMs).toISOString().slice(0, 10) === day).length;
      expect(track.name).toBe(`TRK <7> & "co"-${day}-${ordinal}`);
      expect(track.type).toBe('trip');
      expect(track.times).toHaveLength(trip.points);
      expect([track.times[0], track.times.at(-1)]).toEqual([trip.startMs, trip.endMs]);
    });
  });

  it('refuses chunks that are not the analysed ones', () => {
    const other = toDayChunks('veh-1', generateRandomTrack(34, 6));
    const meta = {
      carrierName: 'x',
      dotNumber: '1',
      vehicleNumber: 'v',
      vin: 'x',
      from: other[0]!.day,
      to: other[0]!.day,
      generatedAt: 0,
    };
    expect(() => [...gpxPieces({ chunks: other, meta, tracks: tracksByTrip(analysis) })]).toThrow(/does not match/);
  });
});
