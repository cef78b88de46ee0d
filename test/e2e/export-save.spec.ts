import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { csvLines } from '../../shared/export/csv.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY } from './harness/app.ts';
import { lastDrivingDay, truthAnalysis, truthLocalChunks, truthExportContext } from './review-truth.ts';

/**
 * The Electron save path (save dialog → pieces streamed through exports:begin/
 * write/finish → temp file renamed into place), run in the browser shell with
 * ROUTELENS_SAVE_DIR standing in for the OS dialog: everything else is the
 * code Electron runs.
 */
test.use({ saveToFolder: true });

/** The official schema, provided next to the repository (../shared is read-only project input). */
const GPX_XSD = path.resolve(import.meta.dirname, '../../../shared/schemas/gpx-1.1.xsd');

const partials = (dir: string) => readdirSync(dir).filter((f) => f.includes('.partial-'));

test('exports save through the backend into the chosen file: exact CSV, valid GPX, no temp file; a cancelled week export leaves nothing', async ({
  page,
  shell,
}, testInfo) => {
  const saveDir = shell.saveDir!;
  let downloads = 0;
  page.on('download', () => downloads++);
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // A day the truck drove (a demo truck rests on some days, and a rest day has no trips for the trips GPX).
  const day = lastDrivingDay(carrierId, vehicleIds[0]!, TODAY);
  const chunks = truthLocalChunks(carrierId, vehicleIds[0]!, day, day);
  const vehicleNumber = chunks[0]!.vehicleNumber;
  // The suggested names below are the review's own; a number needing sanitising would make this test restate that rule.
  expect(vehicleNumber).toMatch(/^[\w.-]+$/);
  await openReviewOf(page, day);

  const save = async (testId: string, name: string) => {
    await page.getByTestId(testId).click();
    const file = path.join(saveDir, name);
    const status = page.getByTestId('export-status');
    await expect(status).toContainText(`Saved ${file} (`);
    const size = readFileSync(file).byteLength;
    await expect(status).toHaveText(`Saved ${file} (${size.toLocaleString('en-US')} bytes)`);
    expect(partials(saveDir)).toEqual([]);
    return file;
  };

  const csvFile = await save('export-breadcrumbs-csv', `${vehicleNumber}-${day}-breadcrumbs.csv`);
  // Byte for byte what the shared writer (the CLI's and the browser download's) makes of the same readings.
  // The app exports local times in the carrier's home zone (`routelens export --tz`'s file for a zone).
  expect(
    readFileSync(csvFile).equals(
      Buffer.from([...csvLines(chunks, { zone: truthExportContext(carrierId, chunks).zone })].join(''), 'utf8'),
    ),
  ).toBe(true);

  const gpxFile = await save('export-gpx-trips', `${vehicleNumber}-${day}-trips.gpx`);
  execFileSync('xmllint', ['--noout', '--schema', GPX_XSD, gpxFile], { stdio: 'pipe' });
  const gpx = readFileSync(gpxFile, 'utf8');
  const analysis = truthAnalysis(chunks);
  expect(analysis.trips.length).toBeGreaterThan(0);
  expect((gpx.match(/<trk>/g) ?? []).length).toBe(analysis.trips.length);
  expect((gpx.match(/<trkpt /g) ?? []).length).toBe(analysis.trips.reduce((s, x) => s + x.points, 0));

  // Saving the same export again keeps the first file (a real dialog would ask before replacing).
  const again = await save('export-breadcrumbs-csv', `${vehicleNumber}-${day}-breadcrumbs (1).csv`);
  expect(readFileSync(again).equals(readFileSync(csvFile))).toBe(true);
  const saved = readdirSync(saveDir).sort();
  expect(saved).toEqual([path.basename(csvFile), path.basename(again), path.basename(gpxFile)].sort());

  // Cancel mid-export: the first piece of a week's CSV is held in flight until Cancel has been pressed, so the export is surely running when it is cancelled.
  await page.getByTestId('review-day').fill(addDays(TODAY, -1));
  await page.getByTestId('review-span-week').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${addDays(TODAY, -7)}:${addDays(TODAY, -1)}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let writes = 0;
  await page.route(/\/api\/exports%3Awrite$/, async (route) => {
    writes++;
    await held;
    await route.continue();
  });
  const aborted = page.waitForResponse((r) => r.url().endsWith('/api/exports%3Aabort'));
  await page.getByTestId('export-breadcrumbs-csv').click();
  await expect.poll(() => writes).toBe(1);
  // The file is open beside its target while the export runs.
  expect(partials(saveDir)).toHaveLength(1);
  await expect(page.getByTestId('export-progress')).toBeVisible();
  await page.getByTestId('export-cancel').click();
  release();
  expect((await aborted).ok()).toBe(true);
  await expect(page.getByTestId('export-menu')).toHaveAttribute('data-state', 'idle');
  await page.unroute(/\/api\/exports%3Awrite$/);
  expect(writes, 'no piece is sent after Cancel').toBe(1);
  expect(readdirSync(saveDir).sort()).toEqual(saved);
  expect(downloads, 'nothing went through the browser download path').toBe(0);
  await page.screenshot({ path: testInfo.outputPath('export-saved.png') });
});
