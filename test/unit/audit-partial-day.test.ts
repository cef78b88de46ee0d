/**
 * An audit bundle of a local day whose UTC days were not all downloaded (issue 31, item 1): the Chicago
 * day 2026-10-01 runs 05:00Z to 05:00Z the next day, so with only UTC 2026-10-01 stored its last five
 * hours are missing. The manifest says so per local day and the report says which hours, in CDT.
 */
import { describe, expect, it } from 'vitest';
import { buildAuditBundle } from '../../electron/node/audit/bundle.ts';
import { readZip } from '../../electron/node/audit/zip.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { AuditSource } from '../../shared/audit/bundle-content.ts';
import { MANIFEST_FILE, parseManifest } from '../../shared/audit/manifest.ts';
import { auditReportHtml } from '../../shared/report/audit-report.ts';
import { auditContent } from '../../shared/audit/bundle-content.ts';
import { localRangeInterval } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const ZONE = 'America/Chicago';
const DAY = '2026-10-01';
const all = toDayChunks(
  'veh-1',
  generateRandomTrack(8, 5, { startMs: Date.UTC(2026, 9, 1, 12), vehicleNumber: 'T-103', vin: '1FUJGLDR9CLBP8834' }),
);

function sourceOf(utcDays: readonly string[]): AuditSource {
  const utc = all.filter((c) => utcDays.includes(c.day));
  return {
    app: { name: 'RouteLens', version: '9.9.9-test' },
    apiBaseUrl: 'https://api.example.com/v2',
    meta: {
      carrierName: 'Prairie Line',
      dotNumber: '3148272',
      vehicleId: 'veh-1',
      vehicleNumber: 'T-103',
      vin: '1FUJGLDR9CLBP8834',
      zone: ZONE,
      dayZone: ZONE,
      from: DAY,
      to: DAY,
      generatedAt: Date.UTC(2026, 10, 20, 12),
    },
    chunks: localDayChunks(utc, ZONE, localRangeInterval(DAY, DAY, ZONE)),
    params: resolveAnalysisParams({}),
    days: utc.map((c) => ({ day: c.day, downloadedAt: null, records: c.length, rejected: 0, complete: true })),
    rejected: 0,
  };
}

/** The report's text, each table cell between bars. */
const textOf = (html: string) =>
  html
    .replace(/<\/?td[^>]*>/g, '|')
    .replace(/<[^>]+>/g, '')
    .replace(/\|+/g, '|');

const fakePrint = async () => Buffer.from('%PDF-1.4\n%%EOF\n');

async function manifestOf(source: AuditSource) {
  const built = await buildAuditBundle(source, { print: fakePrint });
  return parseManifest(
    readZip(built.zip)
      .find((e) => e.name === MANIFEST_FILE)!
      .data!.toString('utf8'),
  );
}

describe('audit bundle of a partly downloaded local day', () => {
  it('the manifest marks the local day partial with the UTC hours missing', async () => {
    expect(all.map((c) => c.day)).toContain('2026-10-02');
    const m = await manifestOf(sourceOf([DAY]));
    expect(m.days.map((d) => [d.day, d.complete])).toEqual([[DAY, true]]);
    expect(m.localDays).toEqual([
      {
        day: DAY,
        state: 'partial',
        missing: [{ startUtc: '2026-10-02T00:00:00.000Z', endUtc: '2026-10-02T05:00:00.000Z', why: 'not-downloaded' }],
      },
    ]);
  });

  it('the report names the day and its missing hours in the home zone', () => {
    const source = sourceOf([DAY]);
    const html = auditReportHtml({ source, content: auditContent(source) });
    const text = textOf(html);
    expect(text).toContain('Partly downloaded: 2026-10-01: 19:00–24:00 CDT not downloaded (5 h).');
    expect(text).toContain('|Days partly downloaded|2026-10-01: 19:00–24:00 CDT not downloaded (5 h)|');
  });

  it('with both UTC days the day is complete and nothing is said partial', async () => {
    const source = sourceOf([DAY, '2026-10-02']);
    expect((await manifestOf(source)).localDays).toEqual([{ day: DAY, state: 'complete', missing: [] }]);
    const html = auditReportHtml({ source, content: auditContent(source) });
    expect(textOf(html)).not.toContain('Partly downloaded:');
    expect(textOf(html)).toContain('|Days partly downloaded|none|');
  });
});
