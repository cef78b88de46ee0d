import { describe, expect, it } from 'vitest';
import {
  countBreadcrumbCsv,
  countGpx,
  countTableCsv,
  manifestBaseUrl,
  manifestBody,
  ManifestError,
  parseManifest,
  serializeManifest,
} from '../../shared/audit/manifest.ts';
import { CSV_COLUMNS, CSV_COLUMNS_LOCAL } from '../../shared/export/csv.ts';
import { EVENTS_CSV_COLUMNS } from '../../shared/export/events-csv.ts';
import { TRIPS_CSV_COLUMNS } from '../../shared/export/trips-csv.ts';
import { REVIEW_LOG_COLUMNS } from '../../shared/inbox/review-log.ts';

const SHA = 'a'.repeat(64);
const file = (name: string) => ({ name, bytes: 10, sha256: SHA });
function manifest(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'routelens-audit-bundle',
    formatVersion: 1,
    zone: 'America/Chicago',
    range: { asked: { from: '2026-03-01', to: '2026-03-03' } },
    counts: { records: 1, outliers: 0, trips: 0, events: 0, rejected: 0, daysAsked: 3, daysWithData: 1 },
    files: ['track.gpx', 'breadcrumbs.csv', 'trips.csv', 'events.csv', 'report.pdf'].map(file),
    manifestSha256: SHA,
    ...over,
  };
}
const reasonOf = (m: unknown): string => {
  try {
    parseManifest(typeof m === 'string' ? m : JSON.stringify(m));
  } catch (e) {
    expect(e).toBeInstanceOf(ManifestError);
    expect((e as Error).name).toBe('ManifestError');
    return (e as Error).message;
  }
  return 'accepted';
};

describe('parseManifest', () => {
  it('accepts a manifest with the five files, or six with the review log and its count', () => {
    expect(reasonOf(manifest())).toBe('accepted');
    const m = manifest();
    expect(
      reasonOf({
        ...m,
        files: [...(m.files as object[]), file('review_log.csv')],
        counts: { ...(m.counts as object), reviewed: 2 },
      }),
    ).toBe('accepted');
  });

  it('names the first bad field', () => {
    const m = manifest();
    const cases: [unknown, string][] = [
      ['{', 'manifest.json is not valid JSON'],
      ['[]', 'the manifest is not an object'],
      ['null', 'the manifest is not an object'],
      [{ ...m, format: 'zip' }, 'format is missing or not valid'],
      [{ ...m, formatVersion: 2 }, 'formatVersion (this RouteLens reads version 1) is missing or not valid'],
      [{ ...m, files: 'x' }, 'files is missing or not valid'],
      [{ ...m, files: (m.files as object[]).slice(0, 4) }, 'files is missing or not valid'],
      [
        { ...m, files: [...(m.files as object[]), file('review_log.csv'), file('x.csv')] },
        'files is missing or not valid',
      ],
      [{ ...m, files: [...(m.files as object[]).slice(0, 4), 'report.pdf'] }, 'files[4] is not an object'],
      [
        { ...m, files: [...(m.files as object[]).slice(0, 4), file('notes.txt')] },
        'files[4].name is missing or not valid',
      ],
      [
        { ...m, files: [...(m.files as object[]).slice(0, 4), { ...file('report.pdf'), bytes: -1 }] },
        'files[4].bytes is missing or not valid',
      ],
      [
        { ...m, files: [...(m.files as object[]).slice(0, 4), { ...file('report.pdf'), bytes: 1.5 }] },
        'files[4].bytes is missing or not valid',
      ],
      [
        { ...m, files: [...(m.files as object[]).slice(0, 4), { ...file('report.pdf'), sha256: 'A'.repeat(64) }] },
        'files[4].sha256 is missing or not valid',
      ],
      [
        { ...m, files: [...(m.files as object[]).slice(0, 4), { ...file('report.pdf'), sha256: 5 }] },
        'files[4].sha256 is missing or not valid',
      ],
      [
        { ...m, files: [...(m.files as object[]).slice(0, 4), file('track.gpx')] },
        'files (a name appears twice) is missing or not valid',
      ],
      [
        {
          ...m,
          files: [...(m.files as object[]).slice(1), file('review_log.csv')],
          counts: { ...(m.counts as object), reviewed: 1 },
        },
        'files (track.gpx is not listed) is missing or not valid',
      ],
      [{ ...m, counts: 3 }, 'counts is not an object'],
      [{ ...m, counts: { ...(m.counts as object), daysWithData: -1 } }, 'counts.daysWithData is missing or not valid'],
      [{ ...m, counts: { ...(m.counts as object), records: '1' } }, 'counts.records is missing or not valid'],
      [{ ...m, counts: { ...(m.counts as object), reviewed: 0 } }, 'counts.reviewed is missing or not valid'],
      [{ ...m, manifestSha256: SHA.slice(1) }, 'manifestSha256 is missing or not valid'],
      [{ ...m, zone: 'z'.repeat(65) }, 'zone is missing or not valid'],
      [{ ...m, zone: 5 }, 'zone is missing or not valid'],
      [{ ...m, range: null }, 'range is not an object'],
      [{ ...m, range: { asked: [] } }, 'range.asked is not an object'],
      [{ ...m, range: { asked: { from: '2026-02-30', to: '2026-03-03' } } }, 'range.asked is missing or not valid'],
      [{ ...m, range: { asked: { from: '2026-03-01', to: 20260303 } } }, 'range.asked is missing or not valid'],
    ];
    for (const [raw, reason] of cases) expect(reasonOf(raw), reason).toBe(reason);
    expect(reasonOf({ ...m, zone: 'z'.repeat(64) })).toBe('accepted');
  });
});

describe('manifest text', () => {
  it('is two-space JSON with a final newline, and its body is everything but the digest', () => {
    expect(serializeManifest({ a: 1 } as never)).toBe('{\n  "a": 1\n}\n');
    expect(manifestBody({ a: 1, manifestSha256: SHA } as never)).toEqual({ a: 1 });
  });
});

describe('manifestBaseUrl', () => {
  it('keeps scheme (lower case), host, port and path, without credentials, query, fragment or final slashes', () => {
    expect(manifestBaseUrl('HTTPS://user:pw@API.example.com:8443/fleet/v2//?key=1#x')).toBe(
      'https://API.example.com:8443/fleet/v2',
    );
    expect(manifestBaseUrl('  http://127.0.0.1:3000  ')).toBe('http://127.0.0.1:3000');
    expect(manifestBaseUrl('https://api.example.com/')).toBe('https://api.example.com');
    expect(manifestBaseUrl('ftp://api.example.com')).toBe('');
    expect(manifestBaseUrl('api.example.com')).toBe('');
  });
});

describe('counts read back from the files', () => {
  const CRLF = '\r\n';
  it('counts breadcrumb rows and outlier rows under either header', () => {
    const row = (n: number, outlier: string) => [...Array(n - 1).fill('x'), outlier].join(',');
    const utc =
      [CSV_COLUMNS.join(','), row(CSV_COLUMNS.length, 'true'), row(CSV_COLUMNS.length, 'false')].join(CRLF) + CRLF;
    expect(countBreadcrumbCsv(utc)).toEqual({ records: 2, outliers: 1 });
    const local = [CSV_COLUMNS_LOCAL.join(','), row(CSV_COLUMNS_LOCAL.length, 'true')].join(CRLF) + CRLF;
    expect(countBreadcrumbCsv(local)).toEqual({ records: 1, outliers: 1 });
    expect(() => countBreadcrumbCsv('id,time\r\n')).toThrow(
      'breadcrumbs.csv does not start with the breadcrumb header',
    );
  });

  it('counts the rows of trips, events and review-log files with their headers', () => {
    expect(countTableCsv(TRIPS_CSV_COLUMNS.join(',') + CRLF + 'a' + CRLF + 'b' + CRLF, 'trips')).toBe(2);
    expect(countTableCsv(EVENTS_CSV_COLUMNS.join(',') + CRLF, 'events')).toBe(0);
    expect(countTableCsv(REVIEW_LOG_COLUMNS.join(',') + CRLF + 'a' + CRLF, 'review_log')).toBe(1);
    expect(() => countTableCsv(TRIPS_CSV_COLUMNS.join(','), 'trips')).toThrow(
      'trips.csv does not start with the trips header',
    );
    expect(() => countTableCsv(TRIPS_CSV_COLUMNS.join(',') + CRLF, 'events')).toThrow(
      'events.csv does not start with the events header',
    );
  });

  it('counts GPX points and outlier points', () => {
    const gpx =
      '<?xml version="1.0"?><gpx version="1.1"><trkpt a/><trkpt b><rl:outlier>true</rl:outlier></trkpt><trkpt c/></gpx>';
    expect(countGpx(gpx)).toEqual({ records: 3, outliers: 1 });
    expect(countGpx('<?xml?><gpx ></gpx>')).toEqual({ records: 0, outliers: 0 });
    expect(() => countGpx('<gpx ></gpx>')).toThrow('track.gpx is not a GPX file');
    expect(() => countGpx('<?xml?><kml></kml>')).toThrow('track.gpx is not a GPX file');
  });
});
