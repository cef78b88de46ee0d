/**
 * Issue 31, item 1: a GPX of a range holding a partly downloaded local day says so in its
 * <metadata><desc> (which hours are missing, in the home zone's clock) and still validates against the
 * GPX 1.1 XSD (xmllint).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { localDaysCoverage, partialDaysText } from '../../shared/track/local-coverage.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { xmllintGpx } from '../support/gpx-schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'routelens-gpx-partial-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ZONE = 'America/Chicago';

function writeGpx(name: string, partialDays: string | undefined): { file: string; desc: string } {
  const chunks = toDayChunks('veh-1', generateRandomTrack(31, 2, { vehicleNumber: 'T-103', vin: '1FUJGLDR9CLBP8834' }));
  const file = join(dir, name);
  const text = [
    ...gpxPieces({
      chunks,
      meta: {
        carrierName: 'Prairie Line Transport LLC',
        dotNumber: '1234567',
        vehicleNumber: 'T-103',
        vin: '1FUJGLDR9CLBP8834',
        from: '2026-10-01',
        to: '2026-10-02',
        dayZone: ZONE,
        generatedAt: Date.UTC(2026, 10, 20, 9, 30),
        ...(partialDays === undefined ? {} : { partialDays }),
      },
    }),
  ].join('');
  writeFileSync(file, text);
  const desc = /<metadata>[\s\S]*?<desc>([\s\S]*?)<\/desc>/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return { file, desc };
}

describe('GPX of a range with a partly downloaded local day', () => {
  // Chicago's 2026-10-01 needs UTC 10-01 and the first five hours of 10-02; only 10-01 is stored.
  const coverage = localDaysCoverage(
    '2026-10-01',
    '2026-10-01',
    ZONE,
    new Map([['2026-10-01', 'complete']]),
    '2026-11-20',
  );
  const partial = partialDaysText(coverage, ZONE);

  it('names the day and its missing hours in <metadata><desc>, and validates against the XSD', () => {
    expect(partial).toContain('2026-10-01');
    const { file, desc } = writeGpx('partial.gpx', partial);
    expect(desc).toContain('Partly downloaded days (America/Chicago days');
    expect(desc).toContain('2026-10-01: 19:00–24:00 CDT not downloaded (5 h)');
    const lint = xmllintGpx(file);
    expect(lint.stderr).toContain('validates');
    expect(lint.status).toBe(0);
  });

  it('says nothing of partial days when every day is whole', () => {
    const { file, desc } = writeGpx('whole.gpx', '');
    expect(desc).not.toContain('Partly downloaded');
    expect(xmllintGpx(file).status).toBe(0);
  });
});
