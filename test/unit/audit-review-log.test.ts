/**
 * The review trail in the audit bundle: a bundle whose events carry marks holds review_log.csv (listed,
 * hashed, counted in the manifest and the report), with exactly the marked events' rows; a bundle
 * without marks is the five files as before; verify refuses a review log that is altered, unlisted or
 * whose count does not match. The track is built leg by leg, so its two speeding stretches are known.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAuditBundle, sha256 } from '../../electron/node/audit/bundle.ts';
import { verifyBundle } from '../../electron/node/audit/verify.ts';
import { readZip, writeZip } from '../../electron/node/audit/zip.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { AuditSource } from '../../shared/audit/bundle-content.ts';
import { AUDIT_DATA_FILES, MANIFEST_FILE, parseManifest, serializeManifest } from '../../shared/audit/manifest.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import type { ReviewMark } from '../../shared/inbox/trail.ts';
import { validArgs } from '../../shared/ipc/validate.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

const ZONE = 'UTC';
const START = Date.UTC(2026, 10, 2, 14);
const MIN = 60_000;
// 30 min at 55, 5 min at 80 (speeding from minute 30), 20 min at 55, a 10-min stop, 3 min at 85 (from minute 65), 10 min at 55.
const chunks = toDayChunks(
  'veh-9',
  generateTrack(
    [
      { kind: 'drive', minutes: 30, mph: 55 },
      { kind: 'drive', minutes: 5, mph: 80 },
      { kind: 'drive', minutes: 20, mph: 55 },
      { kind: 'stop', minutes: 10, everySeconds: 60 },
      { kind: 'drive', minutes: 3, mph: 85 },
      { kind: 'drive', minutes: 10, mph: 55 },
    ],
    { startMs: START, vehicleNumber: 'T-909' },
  ),
);
const FIRST_SPEEDING = START + 30 * MIN;
const SECOND_SPEEDING = START + 65 * MIN;

function sourceWith(marks: ReviewMark[] | null): AuditSource {
  return {
    app: { name: 'RouteLens', version: '9.9.9-test' },
    apiBaseUrl: 'https://api.example.com/v2',
    meta: {
      carrierName: 'Prairie Freight',
      dotNumber: '3148272',
      vehicleId: 'veh-9',
      vehicleNumber: 'T-909',
      vin: '1FUJGLDR9CLBP8834',
      zone: ZONE,
      dayZone: ZONE,
      from: '2026-11-02',
      to: '2026-11-02',
      generatedAt: Date.UTC(2026, 10, 20, 12),
    },
    chunks,
    params: resolveAnalysisParams({ speedingThresholdMph: 65 }),
    days: chunks.map((c) => ({ day: c.day, downloadedAt: null, records: c.length, rejected: 0, complete: true })),
    rejected: 0,
    ...(marks ? { reviewTrail: { carrierId: 'c-1', marks } } : {}),
  };
}

const mark = (over: Partial<ReviewMark> & { startMs: number }): ReviewMark => ({
  key: `${over.vehicleId ?? 'veh-9'}|${over.kind ?? 'speeding'}|${over.startMs}`,
  vehicleId: 'veh-9',
  kind: 'speeding',
  endMs: over.startMs + 5 * MIN,
  state: 'coached',
  note: '',
  reviewedAt: Date.UTC(2026, 10, 3, 9, 30),
  reviewer: '',
  history: [],
  ...over,
});

const fakePrint = async (html: string) =>
  Buffer.from(`%PDF-1.4\n% ${createHash('sha256').update(html).digest('hex')}\n%%EOF\n`);

describe('review_log.csv in the audit bundle', async () => {
  const marks = [
    // The first speeding stretch, by its exact start: coached, with a note that needs CSV quoting.
    mark({ startMs: FIRST_SPEEDING, note: 'Talked it through, "no excuse"', reviewedAt: Date.UTC(2026, 10, 3, 9, 30) }),
    // The second one as an earlier analysis placed it (a minute early): matched by overlap, dismissed.
    mark({ startMs: SECOND_SPEEDING - MIN, endMs: SECOND_SPEEDING + 2 * MIN, state: 'dismissed' }),
    // Another vehicle's mark and one overlapping nothing: not this bundle's.
    mark({ vehicleId: 'veh-other', startMs: FIRST_SPEEDING }),
    mark({ startMs: START + 200 * MIN }),
  ];
  const built = await buildAuditBundle(sourceWith(marks), { print: fakePrint });
  const entries = readZip(built.zip);
  const file = (name: string) => entries.find((e) => e.name === name)!.data!;

  it('lists, hashes and counts the log after the five files; the log has one row per marked event', () => {
    expect(entries.map((e) => e.name)).toEqual([...AUDIT_DATA_FILES, 'review_log.csv', MANIFEST_FILE]);
    const m = parseManifest(file(MANIFEST_FILE).toString('utf8'));
    const listed = m.files.find((f) => f.name === 'review_log.csv')!;
    expect(listed.sha256).toBe(createHash('sha256').update(file('review_log.csv')).digest('hex'));
    expect(m.counts.events).toBe(2);
    expect(m.counts.reviewed).toBe(2);
    const rows = parseCsv(file('review_log.csv').toString('utf8'));
    const header = rows.shift()!;
    const col = (r: string[], name: string) => r[header.indexOf(name)];
    expect(rows.map((r) => col(r, 'state'))).toEqual(['coached', 'dismissed']);
    expect(rows.map((r) => col(r, 'kind'))).toEqual(['speeding', 'speeding']);
    expect(col(rows[0]!, 'note')).toBe('Talked it through, "no excuse"');
    expect(col(rows[0]!, 'reviewed_at')).toBe('2026-11-03T09:30:00Z');
    expect(col(rows[0]!, 'start_time')).toBe('2026-11-02T14:30:00Z');
    // The second event starts where the track's 85-mph leg does, whatever start the mark had.
    expect(col(rows[1]!, 'start_time')).toBe('2026-11-02T15:05:00Z');
    expect(Number(col(rows[1]!, 'peak_speed_mph'))).toBe(85);
    expect(verifyBundle(built.zip)).toEqual({ ok: true, problems: [], manifest: built.manifest });
  });

  it('the report says how many events carry a mark', () => {
    expect(built.reportHtml).toContain('Events with a review mark (review_log.csv)');
    expect(built.reportHtml).toContain('2 of 2');
  });

  it('verify names a changed log, a log whose row count differs from the manifest, and a log the manifest does not list', async () => {
    const altered = writeZip(
      entries.map((e) => ({
        name: e.name,
        data:
          e.name === 'review_log.csv' ? Buffer.from(e.data!.toString('utf8').replace('coached', 'Coached')) : e.data!,
      })),
      0,
    );
    expect(verifyBundle(altered).problems).toContain(
      "review_log.csv was altered: its SHA-256 does not match the manifest's.",
    );

    // A manifest re-sealed with a wrong count (its own digest recomputed): the count is checked against the log's rows.
    const { manifestSha256: _d, ...body } = built.manifest;
    const recounted = { ...body, counts: { ...body.counts, reviewed: 3 } };
    const resealed = { ...recounted, manifestSha256: sha256(serializeManifest(recounted)) };
    const miscounted = writeZip(
      entries.map((e) => ({
        name: e.name,
        data: e.name === MANIFEST_FILE ? Buffer.from(serializeManifest(resealed)) : e.data!,
      })),
      0,
    );
    expect(verifyBundle(miscounted).problems).toEqual(['review_log.csv holds 2 reviewed events, the manifest says 3.']);

    const plain = await buildAuditBundle(sourceWith(null), { print: fakePrint });
    const plainEntries = readZip(plain.zip);
    expect(plainEntries.map((e) => e.name)).toEqual([...AUDIT_DATA_FILES, MANIFEST_FILE]);
    expect(plain.manifest.counts.reviewed).toBeUndefined();
    expect(verifyBundle(plain.zip).ok).toBe(true);
    const smuggled = writeZip(
      [
        ...plainEntries.map((e) => ({ name: e.name, data: e.data! })),
        { name: 'review_log.csv', data: file('review_log.csv') },
      ],
      0,
    );
    expect(verifyBundle(smuggled).problems).toContain(
      'review_log.csv is not part of an audit bundle (the manifest does not list it).',
    );
  });

  it('the manifest reader refuses a review log without its count and a count without its log', () => {
    const m = parseManifest(file(MANIFEST_FILE).toString('utf8'));
    const { reviewed: _r, ...countsWithout } = m.counts;
    expect(() => parseManifest(serializeManifest({ ...m, counts: countsWithout }))).toThrow(/counts\.reviewed/);
    const files = m.files.filter((f) => f.name !== 'review_log.csv');
    expect(() => parseManifest(serializeManifest({ ...m, files }))).toThrow(/counts\.reviewed/);
    const missing = m.files.filter((f) => f.name !== 'trips.csv');
    expect(() => parseManifest(serializeManifest({ ...m, files: missing }))).toThrow(/trips\.csv is not listed/);
  });

  it('no mark on any of its events: no review log', async () => {
    const unrelated = await buildAuditBundle(sourceWith([mark({ startMs: START + 200 * MIN })]), { print: fakePrint });
    expect(readZip(unrelated.zip).map((e) => e.name)).not.toContain('review_log.csv');
    expect(unrelated.reportHtml).toMatch(/Events with a review mark \(review_log\.csv\)<\/td><td>none/);
  });
});

describe('audit:begin refuses review marks that are not this vehicle’s or not marks', () => {
  const request = {
    carrierId: 'c-1',
    vehicleId: 'veh-9',
    from: '2026-11-02',
    to: '2026-11-02',
    params: resolveAnalysisParams({}),
    days: [],
  };
  const ok = mark({ startMs: FIRST_SPEEDING, note: 'fine' });
  it.each([
    ['a valid mark', [ok], true],
    ['none', [], true],
    ['another vehicle’s mark', [mark({ vehicleId: 'veh-1', startMs: FIRST_SPEEDING })], false],
    ['a key that is not its vehicle, kind and start', [{ ...ok, key: 'veh-9|speeding|1' }], false],
    ['an end before the start', [{ ...ok, endMs: ok.startMs - 1 }], false],
    ['an unknown state', [{ ...ok, state: 'approved' }], false],
    ['a note with control characters', [{ ...ok, note: 'a\u0000b' }], false],
    ['a note over 500 characters', [{ ...ok, note: 'x'.repeat(501) }], false],
    ['an extra field', [{ ...ok, carrierId: 'c-1' }], false],
    ['not an array', { 0: ok }, false],
    ['more than 20,000', Array.from({ length: 20_001 }, () => ok), false],
  ])('%s', (_what, reviewMarks, accepted) => {
    expect(validArgs('audit:begin', [{ ...request, reviewMarks }])).toBe(accepted);
  });
  it('a request without marks is still accepted', () => {
    expect(validArgs('audit:begin', [request])).toBe(true);
  });
});
