import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { addDays } from '../../shared/util/day.ts';
import { E2E_NOW, expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, TODAY } from './harness/app.ts';
import { homeZoneOf, truckDrivingOn } from './review-truth.ts';

/**
 * The review's GPX export and `routelens export --format gpx --tz ZONE` are the
 * same file, byte for byte, for the same vehicle, local days of the carrier's
 * home zone and analysis parameters.
 * The CLI runs against a simulator of the same seed and pinned clock as the
 * shell's demo (so it serves the same readings and company info), through its
 * own entry function (argument parsing, API client, sync engine, writers);
 * both exports carry the same metadata time because the page's clock is
 * pinned to the demo's "now" before the export, and the same words for a day held only in part.
 */
test('the review GPX equals the CLI GPX for the same vehicle, day and parameters', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  await expect(page.getByTestId('dl-carrier')).not.toHaveValue('');
  const carrierId = await page.getByTestId('dl-carrier').inputValue();
  // Yesterday is the day still being recorded (see <desc> below); a truck that drove on it, from the demo's own readings.
  const day = addDays(TODAY, -1);
  const vehicleId = truckDrivingOn(carrierId, day);
  await page.getByTestId(`dl-vehicle-${vehicleId}`).check();
  await page.getByTestId('dl-range').selectOption('7d');
  await page.getByTestId('dl-start').click();
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await openReviewOf(page, day);
  await expect(page.getByTestId('review-vehicle')).toHaveValue(vehicleId);

  // Non-default parameters that change the GPX: a one-minute data gap splits the day's drives into many segments.
  await page.getByTestId('analysis-settings-toggle').click();
  const gap = page.getByTestId('analysis-param-gapSeconds');
  await gap.fill('1');
  await gap.press('Enter');
  await page.keyboard.press('Escape');
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-key', /,60,/);
  await expect(review).toHaveAttribute('data-state', 'ready');

  await page.clock.setFixedTime(Date.parse(E2E_NOW));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-gpx').click()]);
  const appFile = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(appFile);
  await expect(page.getByTestId('export-status')).toContainText('Downloaded');
  const app = readFileSync(appFile);
  // Yesterday's home-zone day reaches into today's UTC day, still growing: both files say so in <desc>.
  expect(app.toString('utf8')).toMatch(
    /Partly downloaded days \([^)]*\): \d{4}-\d{2}-\d{2}: [^<]*still being recorded/,
  );

  const sim = await startSimulator({ now: () => Date.parse(E2E_NOW) });
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-e2e-cli-'));
  try {
    const carrier = sim.carriers.find((c) => `demo-${c.id}` === carrierId)!;
    const env = {
      ROUTELENS_BASE_URL: sim.baseUrl,
      ROUTELENS_PROVIDER_KEY: sim.providerKey,
      ROUTELENS_COMPANY_KEY: carrier.companyKey,
    };
    const cliGpx = async (name: string, flags: string[]) => {
      const out = path.join(dir, name);
      const lines: string[] = [];
      await runCli(
        [
          'export',
          '--vehicle',
          vehicleId,
          '--from',
          day,
          '--to',
          day,
          '--format',
          'gpx',
          '--out',
          out,
          '--tz',
          homeZoneOf(carrierId),
          ...flags,
        ],
        env,
        (l) => lines.push(l),
        () => Date.parse(E2E_NOW),
      );
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ format: 'gpx', rejected: 0 });
      return readFileSync(out);
    };
    const cli = await cliGpx('cli.gpx', ['--gap-seconds', '60']);
    expect(cli.length).toBeGreaterThan(10_000);
    expect(app.equals(cli), 'app GPX and CLI GPX differ').toBe(true);
    // The parameters matter: with the default data gap the CLI writes another file.
    const text = cli.toString('utf8');
    expect(text.split('<trkseg>').length - 1).toBeGreaterThan(2);
    expect((await cliGpx('cli-default.gpx', [])).equals(cli)).toBe(false);
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
