import { describe, expect, it } from 'vitest';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { GPX_UNKNOWN, gpxPieces, type GpxInput, type GpxTrackSplitter } from '../../shared/export/gpx.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const META: GpxInput['meta'] = {
  carrierName: 'Acme Freight',
  dotNumber: '1234567',
  vehicleNumber: 'TRK-101',
  vin: '1FUJGLDR9CLBP8834',
  from: '2026-05-01',
  to: '2026-05-03',
  generatedAt: Date.UTC(2026, 4, 4, 12),
};

interface ReadPoint {
  lat: number;
  lon: number;
  time: string;
  type: string;
  speed: number;
  course: number;
}

/** Reads back this writer's own layout (one trkpt per line); schema validity is the integration test's job. */
function readGpx(xml: string) {
  const tracks = xml
    .split('<trk>')
    .slice(1)
    .map((trk) => ({
      name: /<name>([^<]*)<\/name>/.exec(trk)?.[1] ?? '',
      desc: /<desc>([^<]*)<\/desc>/.exec(trk)?.[1] ?? '',
      segments: trk
        .split('<trkseg>')
        .slice(1)
        .map((seg) =>
          [
            ...seg.matchAll(
              /<trkpt lat="([^"]+)" lon="([^"]+)"><time>([^<]+)<\/time><type>([^<]+)<\/type><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>([^<]+)<\/gpxtpx:speed><gpxtpx:course>([^<]+)<\/gpxtpx:course><\/gpxtpx:TrackPointExtension><\/extensions><\/trkpt>/g,
            ),
          ].map((m): ReadPoint => ({
            lat: Number(m[1]),
            lon: Number(m[2]),
            time: m[3]!,
            type: m[4]!,
            speed: Number(m[5]),
            course: Number(m[6]),
          })),
        ),
    }));
  return { tracks, pointLines: xml.split('\n').filter((l) => l.startsWith('<trkpt')).length };
}

const gpx = (input: Partial<GpxInput> & { chunks: Iterable<DayChunk> }) =>
  [...gpxPieces({ meta: META, ...input })].join('');

describe('gpxPieces', () => {
  it('one track per UTC day, a new segment after each gap, every point exact', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 60, mph: 62 },
      { kind: 'silence', minutes: 30, status: 'IN_MOTION', movedMiles: 20 },
      { kind: 'drive', minutes: 40, mph: 55 },
      { kind: 'silence', minutes: 2, status: 'OFFLINE', movedMiles: 1.5 },
      { kind: 'drive', minutes: 20, mph: 48 },
      { kind: 'silence', minutes: 15 },
      { kind: 'stop', minutes: 10 },
    ];
    const dayOne = generateTrack(plan, { startMs: Date.UTC(2026, 4, 1, 8), seed: 1 });
    const dayTwo = generateTrack(plan, { startMs: Date.UTC(2026, 4, 2, 8), seed: 2 });
    const chunks = toDayChunks('v', [...dayOne, ...dayTwo]);
    const { tracks, pointLines } = readGpx(gpx({ chunks }));
    expect(tracks.map((t) => t.name)).toEqual(['TRK-101 2026-05-01', 'TRK-101 2026-05-02']);
    for (const [k, track] of tracks.entries()) {
      // 60 drive readings + the silence reading | 40 + the OFFLINE reading | the rest
      expect(track.segments.map((s) => s.length)).toEqual([61, 41, 20 + 1 + 2 + 1]);
      expect(track.desc).toContain(`${chunks[k]!.length} points`);
      const chunk = chunks[k]!;
      const points = track.segments.flat();
      expect(points.map((p) => p.lat)).toEqual([...chunk.lat]);
      expect(points.map((p) => p.lon)).toEqual([...chunk.lng]);
      expect(points.map((p) => Date.parse(p.time))).toEqual([...chunk.t]);
      expect(points[61]!.type).toBe('IN_MOTION');
      expect(points[101]!.type).toBe('OFFLINE');
    }
    expect(pointLines).toBe(chunks[0]!.length + chunks[1]!.length);
  });

  it('converts mph to m/s (× 0.44704) and writes course in [0, 360) at 0.1°, without float noise', () => {
    const speeds = [0, 1, 55.5, 60, 65.3, 88.8, 70, 70];
    const directions = [0, 359.9, 360, 90.25, 720.5, -10, 359.96, 301.20000000000005];
    const points = generateTrack([{ kind: 'drive', minutes: speeds.length - 1, mph: 10 }], {
      startMs: Date.UTC(2026, 4, 1),
    }).map((p, k) => ({
      ...p,
      speed: speeds[k]!,
      direction: directions[k]!,
    }));
    const read = readGpx(gpx({ chunks: toDayChunks('v', points) })).tracks[0]!.segments.flat();
    expect(read.map((p) => p.speed)).toEqual(speeds.map((s) => Number((s * 0.44704).toFixed(6))));
    for (const p of read) expect(p.course >= 0 && p.course < 360).toBe(true);
    const courses = [...gpx({ chunks: toDayChunks('v', points) }).matchAll(/<gpxtpx:course>([^<]+)</g)].map(
      (m) => m[1],
    );
    expect(courses).toEqual(['0.0', '359.9', '0.0', '90.3', '0.5', '350.0', '0.0', '301.2']);
  });

  it('names the range asked for and the range the data covers, in the days of dayZone', () => {
    const plan: Leg[] = [{ kind: 'drive', minutes: 30, mph: 50 }];
    // Readings on 2026-05-02 and 2026-05-03 (UTC) only; the range asked starts 2026-05-01.
    const chunks = toDayChunks('v', [
      ...generateTrack(plan, { startMs: Date.UTC(2026, 4, 2, 12), seed: 1 }),
      ...generateTrack(plan, { startMs: Date.UTC(2026, 4, 3, 12), seed: 2 }),
    ]);
    const meta = /<metadata>([\s\S]*?)<\/metadata>/.exec(gpx({ chunks }))![1]!;
    expect(meta).toContain('<name>TRK-101 2026-05-01 – 2026-05-03 (data 2026-05-02 – 2026-05-03)</name>');
    expect(meta).toContain('Range: asked 2026-05-01 – 2026-05-03, data 2026-05-02 – 2026-05-03 (UTC days).');
    const none = /<metadata>([\s\S]*?)<\/metadata>/.exec(gpx({ chunks: [] }))![1]!;
    expect(none).toContain('<name>TRK-101 2026-05-01 – 2026-05-03 (no data)</name>');
    expect(none).toContain('Range: asked 2026-05-01 – 2026-05-03, no data (UTC days).');
    // 2026-05-02T02:00Z is still May 1 in Chicago (CDT, UTC-5).
    const early = toDayChunks('v', generateTrack(plan, { startMs: Date.UTC(2026, 4, 2, 2), seed: 3 }));
    const chicago = /<metadata>([\s\S]*?)<\/metadata>/.exec(
      [...gpxPieces({ chunks: early, meta: { ...META, dayZone: 'America/Chicago' } })].join(''),
    )![1]!;
    expect(chicago).toContain('Range: asked 2026-05-01 – 2026-05-03, data 2026-05-01 (America/Chicago days).');
  });

  it('metadata carries the audit facts and bounds in schema order', () => {
    const chunks = toDayChunks('v', generateRandomTrack(4, 3));
    const xml = gpx({ chunks });
    const meta = /<metadata>([\s\S]*?)<\/metadata>/.exec(xml)![1]!;
    const order = ['<name>', '<desc>', '<author>', '<time>', '<keywords>', '<bounds '].map((tag) => meta.indexOf(tag));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const fact of ['Acme Freight', '1234567', 'TRK-101', '1FUJGLDR9CLBP8834', '2026-05-01', '2026-05-03'])
      expect(meta).toContain(fact);
    expect(meta).toContain('<time>2026-05-04T12:00:00Z</time>');
    const lats = chunks.flatMap((c) => [...c.lat]);
    const lngs = chunks.flatMap((c) => [...c.lng]);
    const b = /<bounds minlat="([^"]+)" minlon="([^"]+)" maxlat="([^"]+)" maxlon="([^"]+)"\/>/.exec(meta)!;
    expect(b.slice(1).map(Number)).toEqual([
      Math.min(...lats),
      Math.min(...lngs),
      Math.max(...lats),
      Math.max(...lngs),
    ]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1" creator="RouteLens" xmlns="http:\/\/www.topografix.com\/GPX\/1\/1"/,
    );
    expect(xml.endsWith('</gpx>\n')).toBe(true);
  });

  it('states an unknown carrier or DOT number plainly instead of leaving the field empty', () => {
    const chunks = toDayChunks('v', generateRandomTrack(2, 5));
    const meta = (xml: string) => /<metadata>([\s\S]*?)<\/metadata>/.exec(xml)![1]!;
    const known = meta(gpx({ chunks }));
    expect(known).toContain(`USDOT: ${META.dotNumber}.`);
    expect(/<keywords>([^<]*)</.exec(known)![1]).toContain(`USDOT ${META.dotNumber}`);

    for (const blank of ['', '   ']) {
      const unknown = meta(gpx({ chunks, meta: { ...META, carrierName: blank, dotNumber: blank } }));
      const desc = /<desc>([^<]*)</.exec(unknown)![1]!;
      expect(desc).toContain(`Carrier: ${GPX_UNKNOWN}.`);
      expect(desc).toContain(`USDOT: ${GPX_UNKNOWN}.`);
      expect(desc).not.toMatch(/USDOT: *\./);
      const keywords = /<keywords>([^<]*)</.exec(unknown)![1]!.split(', ');
      expect(keywords.some((k) => k.includes('USDOT'))).toBe(false);
      expect(keywords.every((k) => k.trim() !== '')).toBe(true);
    }
  });

  it('escapes markup and strips characters XML 1.0 forbids', () => {
    const points = generateTrack([{ kind: 'drive', minutes: 5, mph: 30 }], {
      startMs: Date.UTC(2026, 4, 1),
      vehicleNumber: 'A<&>"\'\u0001\u001f\uFFFE\uD800Z 🚚',
    });
    const xml = gpx({
      chunks: toDayChunks('v', points),
      meta: { ...META, carrierName: 'Bad & <Co> "\r"', creator: 'Route"Lens' },
    });
    expect(xml).toContain('<name>A&lt;&amp;&gt;&quot;&apos;Z 🚚 2026-05-01</name>');
    expect(xml).toContain('Carrier: Bad &amp; &lt;Co&gt; &quot;&#13;&quot;.');
    expect(xml).toContain('creator="Route&quot;Lens"');
    const illegal = [...xml].filter((ch) => {
      const c = ch.codePointAt(0)!;
      return (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffe || (c >= 0xd800 && c <= 0xdfff);
    });
    expect(illegal).toEqual([]);
  });

  it('streams in pieces of about pieceSize', () => {
    const chunks = toDayChunks('v', generateRandomTrack(6, 3));
    const whole = gpx({ chunks });
    const pieces = [...gpxPieces({ chunks, meta: META, pieceSize: 8192 })];
    expect(pieces.join('')).toBe(whole);
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces.slice(0, -1)) expect(p.length).toBeLessThan(8192 + 1000);
  });

  it('accepts a custom splitter: a trip across midnight is one track, still split at gaps', () => {
    const points = generateTrack(
      [
        { kind: 'drive', minutes: 90, mph: 60 },
        { kind: 'silence', minutes: 40, status: 'IN_MOTION', movedMiles: 30 },
        { kind: 'drive', minutes: 30, mph: 60 },
      ],
      { startMs: Date.UTC(2026, 4, 1, 23) },
    );
    const chunks = toDayChunks('v', points);
    const oneTrip: GpxTrackSplitter = (cs) => [
      { name: 'Trip 1', type: 'trip', ranges: cs.map((chunk) => ({ chunk, start: 0, end: chunk.length })) },
    ];
    const { tracks } = readGpx(gpx({ chunks, tracks: oneTrip }));
    expect(tracks).toHaveLength(1);
    expect(tracks[0]!.segments.map((s) => s.length)).toEqual([91, 31]);
  });

  it('an empty export is a document with no tracks and no bounds; bad coordinates fail before any output', () => {
    const xml = gpx({ chunks: [buildDayChunk('v', '2026-05-01', [])] });
    expect(xml).not.toContain('<trk>');
    expect(xml).not.toContain('<bounds');
    const bad = generateTrack([{ kind: 'drive', minutes: 2, mph: 30 }], { startMs: Date.UTC(2026, 4, 1) });
    bad[1] = { ...bad[1]!, lat: 91 };
    const it = gpxPieces({ chunks: toDayChunks('v', bad), meta: META });
    expect(() => it.next()).toThrow(RangeError);
  });
});
