import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readZip } from '../../electron/node/audit/zip.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { createLocalIsoFormatter, localDayOfMs } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { E2E_NOW, expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY, world } from './harness/app.ts';
import { homeZoneOf } from './review-truth.ts';

/**
 * "The CLI trips CSV with --assignments equals the app's trips export for the same selection (byte for
 * byte)": an assignments file from dispatch imported on the Fleet screen, Trip review's trips and events
 * CSVs then end with driver_username, driver_name and assignment, and `routelens export --assignments` of
 * the same file, vehicle, home-zone day and road limits writes the same bytes; the Review's audit bundle
 * holds the same two files and its report names the drivers. Without any assignment kept,
 * the app's trips CSV has no driver column at all.
 */

const HOUR = 3_600_000;

/** The latest whole home-zone day of the downloaded week on which the simulator drove the truck. */
function drivenDay(carrierId: string, vehicleId: string, zone: string): string {
  const records = world.truth.history(
    carrierId.replace(/^demo-/, ''),
    vehicleId,
    addDays(TODAY, -5),
    addDays(TODAY, -1),
  );
  const day = records
    .filter((r) => Number(r.speed) >= 20)
    .map((r) => localDayOfMs(Date.parse(r.timestamp), zone))
    .filter((d) => d >= addDays(TODAY, -4) && d <= addDays(TODAY, -2))
    .sort()
    .at(-1);
  if (!day) throw new Error(`The simulator never drove ${vehicleId} in the week: no day to export.`);
  return day;
}

async function download(page: Page, testId: string, file: string): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  await dl.saveAs(file);
  await expect(page.getByTestId('export-status')).toContainText('Downloaded');
  return readFileSync(file, 'utf8');
}

test("Trip review's trips and events CSVs name the drivers once assignments are kept, byte for byte as routelens export --assignments", async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  const vehicleId = vehicleIds[0]!;
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const carrier = world.carriers.find((c) => `demo-${c.info.id}` === carrierId)!;
  const truck = carrier.vehicles.find((v) => v.vehicle_id === vehicleId)!;
  const regular = carrier.drivers.find((d) => d.driver_id === carrier.profiles.get(vehicleId)!.driverId)!;
  const relief = carrier.drivers.find((d) => d.driver_id !== regular.driver_id && d.active)!;
  const zone = homeZoneOf(carrierId);
  const iso = createLocalIsoFormatter(zone);
  const DAY = drivenDay(carrierId, vehicleId, zone);

  // Before any assignment: the trips CSV is as it always was, no driver column.
  await openReviewOf(page, DAY);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
  const before = parseCsv(await download(page, 'export-trips-csv', testInfo.outputPath('before-trips.csv')));
  expect(before[0]).not.toContain('driver_username');
  expect(before.length).toBeGreaterThan(1);
  const firstStart = Date.parse(before[1]![before[0]!.indexOf('start_time')]!);

  // The relief driver from the day's first trip (to the minute) for three hours; the regular driver otherwise.
  const windowFrom = Math.floor(firstStart / 60_000) * 60_000;
  const csv = [
    'driver,vehicle,from,to',
    `${regular.username},${truck.number},,`,
    `${relief.username},${truck.vin},${iso(windowFrom)},${iso(windowFrom + 3 * HOUR)}`,
  ].join('\r\n');
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await page.getByTestId('tab-assignments').click();
  await expect(page.getByTestId('fleet-assignments')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('fleet-assignments')).not.toHaveAttribute('data-drivers', '0');
  await page
    .getByTestId('assignments-import')
    .setInputFiles({ name: 'dispatch.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('assignments-import-done')).toHaveText('Imported 2 assignments (0 unchanged)');

  await openReviewOf(page, DAY);
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('trip-driver').first()).toHaveAttribute('data-driver-id', relief.driver_id);
  const appTrips = await download(page, 'export-trips-csv', testInfo.outputPath('trips.csv'));
  const appEvents = await download(page, 'export-events-csv', testInfo.outputPath('events.csv'));
  const trips = parseCsv(appTrips);
  expect(trips[0]).toEqual([...before[0]!, 'driver_username', 'driver_name', 'assignment']);
  // The first trip's driver is the relief driver at its start; both are named when the window ends before the trip does.
  const firstEnd = Date.parse(before[1]![before[0]!.indexOf('end_time')]!);
  expect(trips[1]!.slice(-3)).toEqual([
    relief.username,
    `${relief.first_name} ${relief.last_name}`,
    firstEnd >= windowFrom + 3 * HOUR ? `changed: ${relief.username} → ${regular.username}` : 'dated',
  ]);
  expect(parseCsv(appEvents)[0]!.slice(-3)).toEqual(['driver_username', 'driver_name', 'assignment']);

  // The audit bundle of the same day: the same two files, and a report naming the drivers and their source.
  const [bundle] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-bundle-make').click()]);
  const zipFile = testInfo.outputPath('audit.zip');
  await bundle.saveAs(zipFile);
  await expect(page.getByTestId('audit-bundle-status')).toContainText('Downloaded');
  const zip = readZip(readFileSync(zipFile));
  const entry = (name: string) => zip.find((e) => e.name === name)!.data!;
  expect(entry('trips.csv').toString('utf8')).toBe(appTrips);
  expect(entry('events.csv').toString('utf8')).toBe(appEvents);
  const pdf = testInfo.outputPath('report.pdf');
  writeFileSync(pdf, entry('report.pdf'));
  const report = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(report).toContain("By the carrier's assignments kept in RouteLens on");
  // The first trip starts with the relief driver ("C. Young (cyoung)", or "C. Young → …" when the window ends in it).
  expect(report).toContain(`${relief.first_name[0]}. ${relief.last_name}`);

  const sim = await startSimulator({ now: () => Date.parse(E2E_NOW) });
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-e2e-drivers-'));
  try {
    const simCarrier = sim.carriers.find((c) => `demo-${c.id}` === carrierId)!;
    const env = {
      ROUTELENS_BASE_URL: sim.baseUrl,
      ROUTELENS_PROVIDER_KEY: sim.providerKey,
      ROUTELENS_COMPANY_KEY: simCarrier.companyKey,
    };
    const assignments = path.join(dir, 'dispatch.csv');
    writeFileSync(assignments, csv);
    // The demo carriers brought the demo roads: the app judged "over the limit" with them, the CLI the same.
    const roads = path.join(dir, 'demo-roads.osm.pbf');
    writeFileSync(roads, demoRoadsPbf());
    const cli = async (format: 'trips' | 'events') => {
      const out = path.join(dir, `cli-${format}.csv`);
      await runCli(
        [
          'export',
          '--vehicle',
          vehicleId,
          '--from',
          DAY,
          '--to',
          DAY,
          '--tz',
          zone,
          '--format',
          format,
          '--out',
          out,
        ].concat(['--assignments', assignments, '--road-limits', roads]),
        env,
        () => undefined,
        () => Date.parse(E2E_NOW),
      );
      return readFileSync(out, 'utf8');
    };
    expect(await cli('trips'), 'app and CLI trips CSVs differ').toBe(appTrips);
    expect(await cli('events'), 'app and CLI events CSVs differ').toBe(appEvents);
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
