/**
 * The audit bundle without a browser: built from generated readings with a
 * stand-in printer (the real Chromium print is the integration test's), read
 * back, verified, and refused once any byte of any file changes; the zip
 * reader refuses what is not a sound zip without throwing anything else.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAuditBundle } from '../../electron/node/audit/bundle.ts';
import { verifyBundle } from '../../electron/node/audit/verify.ts';
import { readZip, writeZip, ZipFormatError } from '../../electron/node/audit/zip.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { AuditSource } from '../../shared/audit/bundle-content.ts';
import { AUDIT_DATA_FILES, MANIFEST_FILE, parseManifest } from '../../shared/audit/manifest.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { auditReportHtml } from '../../shared/report/audit-report.ts';
import { auditContent } from '../../shared/audit/bundle-content.ts';
import { localRangeInterval } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const ZONE = 'America/Chicago';
const utc = toDayChunks(
  'veh-1',
  generateRandomTrack(8, 5, { startMs: Date.UTC(2026, 10, 1, 3), vehicleNumber: 'T-101', vin: '1FUJGLDR9CLBP8834' }),
);
const FROM = '2026-11-01';
const TO = '2026-11-04';
const source: AuditSource = {
  app: { name: 'RouteLens', version: '9.9.9-test' },
  apiBaseUrl: 'https://user:secret@api.example.com:8443/fleet/v2/?key=abc#frag',
  meta: {
    carrierName: 'Prairie </style><script>alert(1)</script> & "Co"',
    dotNumber: '3148272',
    vehicleId: 'veh-1',
    vehicleNumber: 'T-101',
    vin: '1FUJGLDR9CLBP8834',
    zone: ZONE,
    dayZone: ZONE,
    from: FROM,
    to: TO,
    generatedAt: Date.UTC(2026, 10, 20, 12),
  },
  chunks: localDayChunks(utc, ZONE, localRangeInterval(FROM, TO, ZONE)),
  params: resolveAnalysisParams({ speedingThresholdMph: 65 }),
  days: utc.map((c) => ({
    day: c.day,
    downloadedAt: '2026-11-20T11:59:00.000Z',
    records: c.length,
    rejected: 0,
    complete: true,
  })),
  rejected: 3,
};
/** A stand-in for Chromium: a PDF-looking file that carries the HTML's hash, so a different report is a different file. */
const fakePrint = async (html: string) =>
  Buffer.from(`%PDF-1.4\n% ${createHash('sha256').update(html).digest('hex')}\n%%EOF\n`);

describe('audit bundle', async () => {
  const built = await buildAuditBundle(source, { print: fakePrint });
  const entries = readZip(built.zip);
  const file = (name: string) => entries.find((e) => e.name === name)!.data!;

  it('holds the five files and the manifest, each listed with its exact size and SHA-256', () => {
    expect(entries.map((e) => e.name)).toEqual([...AUDIT_DATA_FILES, MANIFEST_FILE]);
    const m = parseManifest(file(MANIFEST_FILE).toString('utf8'));
    for (const f of m.files) {
      expect(f.bytes).toBe(file(f.name).byteLength);
      expect(f.sha256).toBe(createHash('sha256').update(file(f.name)).digest('hex'));
    }
  });

  it('the manifest records source (origin and path only), carrier, vehicle, zone, ranges, days, counts from the files, parameters and app', () => {
    const m = parseManifest(file(MANIFEST_FILE).toString('utf8'));
    expect(m.api.baseUrl).toBe('https://api.example.com:8443/fleet/v2');
    expect(file(MANIFEST_FILE).toString('utf8')).not.toMatch(/secret|key=abc|frag/);
    expect(m.carrier).toEqual({ name: source.meta.carrierName, dotNumber: '3148272' });
    expect(m.vehicle).toEqual({ id: 'veh-1', number: 'T-101', vin: '1FUJGLDR9CLBP8834' });
    expect(m.zone).toBe(ZONE);
    expect(m.range.asked).toEqual({ from: FROM, to: TO });
    // Nov 1 2026 in Chicago: CDT until 07:00Z, so the range starts at 05:00Z and ends on Nov 5 at 06:00Z (CST).
    expect([m.range.startUtc, m.range.endUtc]).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-05T06:00:00.000Z']);
    const rows = parseCsv(file('breadcrumbs.csv').toString('utf8')).slice(1);
    expect(m.counts.records).toBe(rows.length);
    expect(m.counts.trips).toBe(parseCsv(file('trips.csv').toString('utf8')).length - 1);
    expect(m.counts.events).toBe(parseCsv(file('events.csv').toString('utf8')).length - 1);
    expect(m.counts.rejected).toBe(3);
    expect(m.counts.daysAsked).toBe(4);
    expect(m.days.map((d) => d.day)).toEqual(utc.map((c) => c.day));
    expect(m.analysis.speedingThresholdMph).toBe(65);
    expect(m.app).toEqual({ name: 'RouteLens', version: '9.9.9-test' });
    expect(m.precision).toEqual({ miles: 2, mph: 1, degrees: 1, seconds: 0 });
    // Every reading in the bundle lies in the local days asked.
    const times = rows.map((r) => Date.parse(r[1]!));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse(m.range.startUtc));
    expect(Math.max(...times)).toBeLessThan(Date.parse(m.range.endUtc));
  });

  it('verifies as built', () => {
    expect(verifyBundle(built.zip)).toMatchObject({ ok: true, problems: [] });
  });

  it.each([...AUDIT_DATA_FILES, MANIFEST_FILE])(
    'one changed byte in %s (zip rebuilt, so its CRC is right) is named',
    (name) => {
      const altered = entries.map((e) => {
        if (e.name !== name) return { name: e.name, data: e.data! };
        const data = Buffer.from(e.data!);
        const at = Math.floor(data.length / 2);
        data[at] = data[at] === 0x31 ? 0x32 : 0x31;
        return { name: e.name, data };
      });
      const result = verifyBundle(writeZip(altered, 0));
      expect(result.ok).toBe(false);
      expect(result.problems.join(' ')).toContain(`${name} was altered`);
    },
  );

  it("a byte changed inside the zip itself is caught by the entry's check, named", () => {
    const raw = Buffer.from(built.zip);
    const at = raw.indexOf(Buffer.from('trips.csv')) + 'trips.csv'.length + 40;
    raw[at] = raw[at]! ^ 0xff;
    const result = verifyBundle(raw);
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/^trips\.csv /);
  });

  it('a removed file and an added file are named; a file that is not a zip is said to be one', () => {
    const without = verifyBundle(
      writeZip(
        entries.filter((e) => e.name !== 'report.pdf').map((e) => ({ name: e.name, data: e.data! })),
        0,
      ),
    );
    expect(without.problems).toEqual(['report.pdf is missing from the bundle.']);
    const extra = verifyBundle(
      writeZip(
        [...entries.map((e) => ({ name: e.name, data: e.data! })), { name: 'notes.txt', data: Buffer.from('x') }],
        0,
      ),
    );
    expect(extra.problems).toEqual(['notes.txt is not part of an audit bundle (the manifest does not list it).']);
    const noManifest = verifyBundle(
      writeZip(
        entries.filter((e) => e.name !== MANIFEST_FILE).map((e) => ({ name: e.name, data: e.data! })),
        0,
      ),
    );
    expect(noManifest.problems).toEqual(['manifest.json is missing from the bundle.']);
    expect(verifyBundle(Buffer.from('%PDF-1.4 not a zip')).problems[0]).toMatch(/not a bundle RouteLens wrote/);
  });

  it('the report names carrier, USDOT, vehicle, VIN, both ranges and the zone, with hostile text escaped', () => {
    const html = auditReportHtml({ source, content: auditContent(source) });
    for (const fact of [
      '3148272',
      'T-101',
      '1FUJGLDR9CLBP8834',
      '2026-11-01 – 2026-11-04',
      ZONE,
      'Page " counter(page) " of " counter(pages)',
    ])
      expect(html).toContain(fact);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Prairie &lt;/style&gt;&lt;script&gt;');
    // The footer's CSS string cannot end the style element either.
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(built.reportHtml).toBe(html);
  });
});

describe('zip reader on hostile input', () => {
  const good = writeZip([{ name: 'a.txt', data: Buffer.from('hello '.repeat(100)) }], 0);

  it('refuses truncated files, unsafe and duplicate names, and entries larger than declared', () => {
    expect(() => readZip(good.subarray(0, good.length - 5))).toThrow(ZipFormatError);
    expect(() => readZip(Buffer.alloc(10))).toThrow(ZipFormatError);
    expect(() => writeZip([{ name: '../evil', data: Buffer.from('x') }], 0)).toThrow(RangeError);
    // A central directory naming "../evil" (same length as "a.txt" is not needed: patch the name bytes in place).
    const evil = Buffer.from(good);
    const cd = evil.lastIndexOf(Buffer.from('a.txt'));
    evil.write('../ab', cd, 'utf8');
    expect(() => readZip(evil)).toThrow(/unsafe name/);
    const twice = writeZip(
      [
        { name: 'a.txt', data: Buffer.from('1') },
        { name: 'b.txt', data: Buffer.from('2') },
      ],
      0,
    );
    const dup = Buffer.from(twice);
    dup.write('a', dup.lastIndexOf(Buffer.from('b.txt')), 'utf8');
    expect(() => readZip(dup)).toThrow(/appears twice/);
    // An entry that inflates to more than it declares is damaged, not read in full.
    const bomb = Buffer.from(good);
    const cdAt = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(10, cdAt + 24);
    expect(readZip(bomb)[0]).toMatchObject({ name: 'a.txt', problem: expect.stringMatching(/damaged/) });
  });

  it('reads back what it wrote, stored or deflated, with unzip-compatible headers', () => {
    const z = writeZip(
      [
        { name: 'tiny', data: Buffer.from([1, 2, 3]) },
        { name: 'big.csv', data: Buffer.from('row\r\n'.repeat(10_000)) },
      ],
      Date.UTC(2026, 10, 20, 12, 34, 56),
    );
    const back = readZip(z);
    expect(back.map((e) => [e.name, e.data?.length])).toEqual([
      ['tiny', 3],
      ['big.csv', 50_000],
    ]);
    expect(z.length).toBeLessThan(50_000);
  });
});
