import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readZip } from '../../electron/node/audit/zip.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { parseManifest } from '../../shared/audit/manifest.ts';
import { parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { placeName } from '../../shared/report/route-map-labels.ts';
import { addDays } from '../../shared/util/day.ts';
import { E2E_NOW, expect, test } from './fixtures.ts';
import { openDownloads, startJob, TODAY } from './harness/app.ts';
import { homeZoneOf, truthLocalChunks } from './review-truth.ts';
import { cliVerify } from '../support/cli-run.ts';

/**
 * The Review's "Audit bundle" (issue #13): made from the app for the selected
 * vehicle and local days, saved through the backend into the shell's save
 * folder (ROUTELENS_SAVE_DIR, as Electron's save dialog path), verified by
 * the CLI (`routelens verify` → "verified", exit 0), and its CSVs equal to
 * those `routelens audit --tz --road-limits` writes for the same vehicle and
 * days from a simulator of the same seed and clock (the demo carriers bring
 * the demo roads, so both judge "over the limit" with them).
 */
test.use({ saveToFolder: true });

const DATA_FILES = ['breadcrumbs.csv', 'trips.csv', 'events.csv'];

test("Audit bundle from the Review: saved, verified by the CLI, the CLI's CSVs; Cancel aborts the backend session and saves nothing", async ({
  page,
  shell,
}, testInfo) => {
  const saveDir = shell.saveDir!;
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  const zone = homeZoneOf(carrierId);
  // Local days whose UTC days are all stored (a western zone's day reaches into the next UTC day).
  const to = addDays(TODAY, -1);
  const from = addDays(TODAY, -2);
  await page.getByTestId('nav-review').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('review-day').fill(from);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`^${zone} ${vehicleId}:${from}:${from}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');

  // Cancel while the readings are being sent: the backend session is aborted, nothing is saved.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/audit%3AaddReadings$/, async (route) => {
    await held;
    await route.continue();
  });
  const aborted = page.waitForResponse((r) => r.url().endsWith('/api/audit%3Aabort'));
  await page.getByTestId('audit-bundle-make').click();
  await expect(page.getByTestId('audit-bundle-stage')).toHaveAttribute('data-stage', 'sending');
  await page.getByTestId('audit-bundle-cancel').click();
  release();
  expect((await aborted).ok()).toBe(true);
  await expect(page.getByTestId('audit-bundle')).toHaveAttribute('data-state', 'idle');
  await page.unroute(/\/api\/audit%3AaddReadings$/);
  expect(readdirSync(saveDir)).toEqual([]);

  // Another day, and its bundle.
  await page.getByTestId('review-day').fill(to);
  await page.getByTestId('review-span-day').click();
  await expect(review).toHaveAttribute('data-key', new RegExp(`^${zone} ${vehicleId}:${to}:${to}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  const vehicleNumber = truthLocalChunks(carrierId, vehicleId, to, to)[0]!.vehicleNumber;
  await page.getByTestId('audit-bundle-make').click();
  const file = path.join(saveDir, `${vehicleNumber}-${to}-audit.zip`);
  await expect(page.getByTestId('audit-bundle-status')).toContainText(`Saved ${file} (`, { timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('audit-bundle-saved.png') });

  const verify = cliVerify(file);
  expect(verify.code, verify.stderr).toBe(0);
  expect(verify.stdout.split('\n')[0]).toBe('verified');
  const app = readZip(readFileSync(file));
  const manifest = parseManifest(app.find((e) => e.name === 'manifest.json')!.data!.toString('utf8'));
  expect(manifest.zone).toBe(zone);
  // The readings are exactly the local day's (the simulator's, cut at the day's edges found in the test).
  expect(manifest.counts.records).toBe(truthLocalChunks(carrierId, vehicleId, to, to)[0]!.length);
  // The report's route map names where the day's route starts and ends (the first and last reading's place).
  const crumbs = parseBreadcrumbCsv(app.find((e) => e.name === 'breadcrumbs.csv')!.data!.toString('utf8'));
  const pdf = testInfo.outputPath('report.pdf');
  writeFileSync(pdf, app.find((e) => e.name === 'report.pdf')!.data!);
  const reportText = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  for (const place of [crumbs[0]!.location, crumbs.at(-1)!.location]) expect(reportText).toContain(placeName(place));

  const sim = await startSimulator({ now: () => Date.parse(E2E_NOW) });
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-e2e-audit-'));
  try {
    const carrier = sim.carriers.find((c) => `demo-${c.id}` === carrierId)!;
    const env = {
      ROUTELENS_BASE_URL: sim.baseUrl,
      ROUTELENS_PROVIDER_KEY: sim.providerKey,
      ROUTELENS_COMPANY_KEY: carrier.companyKey,
    };
    const cliZip = path.join(dir, 'cli.zip');
    // The demo carriers brought the demo roads: the app judged "over the limit" with them, the CLI the same.
    const roads = path.join(dir, 'demo-roads.osm.pbf');
    writeFileSync(roads, demoRoadsPbf());
    const lines: string[] = [];
    await runCli(
      [
        'audit',
        '--vehicle',
        vehicleId,
        '--from',
        to,
        '--to',
        to,
        '--tz',
        zone,
        '--out',
        cliZip,
        '--road-limits',
        roads,
      ],
      env,
      (l) => lines.push(l),
      () => Date.parse(E2E_NOW),
    );
    const cli = readZip(readFileSync(cliZip));
    for (const name of DATA_FILES)
      expect(app.find((e) => e.name === name)!.data!.equals(cli.find((e) => e.name === name)!.data!), name).toBe(true);
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
