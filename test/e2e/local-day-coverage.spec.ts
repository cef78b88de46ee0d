import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readZip } from '../../electron/node/audit/zip.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { parseManifest } from '../../shared/audit/manifest.ts';
import { E2E_NOW, expect, test } from './fixtures.ts';
import { openDownloads, setHomeZone, world } from './harness/app.ts';
import { truthChunks, truthLocalChunks } from './review-truth.ts';

/**
 * Coverage by local day (issue 31, item 1). Prairie Line's home zone is America/Chicago, whose
 * 2026-10-01 runs 05:00Z on UTC 10-01 to 05:00Z on UTC 10-02. With only UTC 10-01 downloaded (done
 * here while the carrier's zone was UTC) the Chicago day is partial: the Review says which hours are
 * missing, and the audit bundle's manifest and report (pdftotext) say so too. "Download the missing
 * hours" fetches UTC 10-02 as well; then the Review's readings equal `routelens export --tz`'s rows.
 */
test.use({ saveToFolder: true });

const CHICAGO = 'America/Chicago';
const DAY = '2026-10-01';
const NOTE = '2026-10-01: 19:00–24:00 CDT not downloaded (5 h)';

async function downloadCustom(page: Page, vehicleId: string, expectUtc: [string, string]): Promise<void> {
  const jobs = page.getByTestId('dl-job');
  const before = await jobs.count();
  await page.getByTestId('dl-range').selectOption('custom');
  await page.getByTestId('dl-from').fill(DAY);
  await page.getByTestId('dl-to').fill(DAY);
  await page.getByTestId(`dl-vehicle-${vehicleId}`).check();
  await expect(page.getByTestId('dl-range-utc')).toHaveAttribute('data-from', expectUtc[0]);
  await expect(page.getByTestId('dl-range-utc')).toHaveAttribute('data-to', expectUtc[1]);
  await page.getByTestId('dl-start').click();
  await expect(jobs).toHaveCount(before + 1);
  await expect(jobs.first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
}

async function reviewDay(page: Page, vehicleId: string): Promise<void> {
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-vehicle').selectOption(vehicleId);
  await page.getByTestId('review-day').fill(DAY);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`^${CHICAGO} ${vehicleId}:${DAY}:${DAY}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
}

test('a Chicago day with one of its two UTC days downloaded is partial in the Review, the manifest and the report; downloading it fetches both; the CLI and the app then agree', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  await expect(page.getByTestId('dl-carrier')).not.toHaveValue('');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  const sim = carrierId.replace(/^demo-/, '');
  const vehicle = world.truth.vehicles(sim).find((v) => v.number === 'T-103')!;
  const vehicleId = vehicle.vehicle_id;
  // The ground truth, from the simulator cut at the zone's edges in the test: the Chicago day's readings,
  // and those of them on UTC 10-01. The test needs readings on both UTC days, or "partial" would change nothing.
  const whole = truthLocalChunks(carrierId, vehicleId, DAY, DAY)[0]!.length;
  const firstUtc = [...truthChunks(carrierId, vehicleId, DAY, DAY)[0]!.t].filter(
    (t) => t >= Date.parse('2026-10-01T05:00:00Z'),
  ).length;
  expect(firstUtc).toBeGreaterThan(0);
  expect(whole).toBeGreaterThan(firstUtc);

  // Only UTC 10-01: downloaded while the carrier's days were UTC days.
  await setHomeZone(page, carrierId, 'UTC');
  await page.getByTestId('nav-downloads').click();
  await downloadCustom(page, vehicleId, [DAY, DAY]);
  await setHomeZone(page, carrierId, CHICAGO);

  // The Review: the day's readings that are stored, and which hours are not.
  await reviewDay(page, vehicleId);
  await expect(page.getByTestId('total-points')).toHaveAttribute('data-value', String(firstUtc));
  const note = page.getByTestId('review-coverage');
  await expect(note).toContainText(`Partly downloaded: ${NOTE}`);
  await expect(note).toHaveAttribute('data-partial', DAY);
  await page.screenshot({ path: testInfo.outputPath('review-partial-day.png') });

  // The audit bundle of that day: its manifest and report say the day is partial.
  await page.getByTestId('audit-bundle-make').click();
  const file = path.join(shell.saveDir!, `T-103-${DAY}-audit.zip`);
  await expect(page.getByTestId('audit-bundle-status')).toContainText(`Saved ${file} (`, { timeout: 60_000 });
  const zip = readZip(readFileSync(file));
  const manifest = parseManifest(zip.find((e) => e.name === 'manifest.json')!.data!.toString('utf8'));
  expect(manifest.counts.records).toBe(firstUtc);
  expect(manifest.localDays).toEqual([
    {
      day: DAY,
      state: 'partial',
      missing: [{ startUtc: '2026-10-02T00:00:00.000Z', endUtc: '2026-10-02T05:00:00.000Z', why: 'not-downloaded' }],
    },
  ]);
  const pdf = testInfo.outputPath('report.pdf');
  writeFileSync(pdf, zip.find((e) => e.name === 'report.pdf')!.data!);
  const text = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  expect(text).toContain(`Partly downloaded: ${NOTE}.`);
  expect(text).toContain(`Days partly downloaded ${NOTE}`);

  // Downloading the missing hours fetches both UTC days of the local day.
  await note.getByTestId('review-coverage-download').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'downloads');
  await expect(page.getByTestId('dl-from')).toHaveValue(DAY);
  await expect(page.getByTestId('dl-range-utc')).toContainText(
    `days in ${CHICAGO}: fetches UTC days ${DAY} → 2026-10-02`,
  );
  await downloadCustom(page, vehicleId, [DAY, '2026-10-02']);
  await reviewDay(page, vehicleId);
  await expect(page.getByTestId('total-points')).toHaveAttribute('data-value', String(whole));
  await expect(page.getByTestId('review-coverage')).toHaveCount(0);

  // The CLI's export of the same local day has as many readings as the app shows.
  const server = await startSimulator({ now: () => Date.parse(E2E_NOW) });
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-e2e-coverage-'));
  try {
    const carrier = server.carriers.find((c) => `demo-${c.id}` === carrierId)!;
    const out = path.join(dir, 'day.csv');
    const lines: string[] = [];
    await runCli(
      ['export', '--vehicle', vehicleId, '--from', DAY, '--to', DAY, '--format', 'csv', '--tz', CHICAGO, '--out', out],
      {
        ROUTELENS_BASE_URL: server.baseUrl,
        ROUTELENS_PROVIDER_KEY: server.providerKey,
        ROUTELENS_COMPANY_KEY: carrier.companyKey,
      },
      (l) => lines.push(l),
      () => Date.parse(E2E_NOW),
    );
    expect(parseCsv(readFileSync(out, 'utf8')).length - 1).toBe(whole);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
