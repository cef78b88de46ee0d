import type { Page } from '@playwright/test';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { downloadTwoCarriers, openInboxRange, TODAY, world } from './harness/app.ts';
import { speedingEventsByHand } from './independent-events.ts';
import { inboxRows } from './inbox-rows.ts';
import { truthLocalChunks } from './review-truth.ts';

/**
 * Who drove, in the Safety inbox and in Compare: an assignments file naming the simulator's own driver of
 * one truck, then every inbox event shows its driver (the others "Unassigned", never guessed), the Driver
 * filter lists exactly that truck's events as worked out by hand from the simulator's readings, the filter
 * is kept in the address, and Compare's drivers rows count the assigned carrier and say "no assignments"
 * for the other.
 */
const FROM = addDays(TODAY, -6);
const TO = TODAY;
const P = DEFAULT_ANALYSIS_PARAMS;

/** Speeding starts worked out by hand from the simulator's readings of the range's home-zone days. */
function speedingStarts(carrierId: string, vehicleId: string): string[] {
  return speedingEventsByHand(
    truthLocalChunks(carrierId, vehicleId, FROM, TO),
    P.speedingThresholdMph,
    P.speedingMinSeconds,
    P.gapSeconds,
  )
    .map((e) => `speeding@${e[0]} ${vehicleId}`)
    .sort();
}

/** The list's rows as `kind@start vehicle`. */
async function shownRows(page: Page): Promise<string[]> {
  const rows = await inboxRows(page.getByTestId('inbox-list'), true);
  return rows.map((r) => r.split(' ').slice(0, 2).join(' ')).sort();
}

test('an assignments file names the driver of every inbox event; the Driver filter lists that truck’s events as worked out by hand; Compare counts drivers with events', async ({
  page,
  shell,
}, testInfo) => {
  const [a, b] = await downloadTwoCarriers(page, shell, [3, 1]);
  const carrier = world.carriers.find((c) => `demo-${c.info.id}` === a.carrierId)!;
  // The truck with the most speeding by hand is assigned (so its driver surely has events); the others are not.
  const [assigned, ...others] = [...a.vehicleIds].sort(
    (x, y) => speedingStarts(a.carrierId, y).length - speedingStarts(a.carrierId, x).length,
  );
  const mine = speedingStarts(a.carrierId, assigned!);
  expect(mine.length).toBeGreaterThan(0);
  const truck = carrier.vehicles.find((v) => v.vehicle_id === assigned)!;
  const driver = carrier.drivers.find((d) => d.driver_id === carrier.profiles.get(assigned!)!.driverId)!;

  // The truck's regular driver, as dispatch would send it.
  await page.getByTestId(`nav-fleet-${a.carrierId}`).click();
  await page.getByTestId('tab-assignments').click();
  const tab = page.getByTestId('fleet-assignments');
  await expect(tab).toHaveAttribute('data-loaded', 'true');
  await expect(tab).not.toHaveAttribute('data-drivers', '0');
  await page.getByTestId('assignments-import').setInputFiles({
    name: 'dispatch.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`driver,vehicle,from,to\r\n${driver.username},${truck.number},,\r\n`),
  });
  await expect(page.getByTestId('assignment-row')).toHaveCount(1);

  const inbox = await openInboxRange(page, FROM, TO);
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(inbox).toHaveAttribute('data-drivers', 'ready');
  // Speeding only: the kind worked out by hand here.
  for (const kind of ['gap', 'over-limit']) await page.getByTestId(`inbox-kind-${kind}`).click();
  const list = page.getByTestId('inbox-list');

  // Every row names its driver: the assigned truck's by the roster's name, every other "Unassigned".
  const cells = await page.getByTestId('inbox-event').evaluateAll((els) =>
    els.map((e) => ({
      vehicle: e.getAttribute('data-vehicle-id'),
      driver: e.getAttribute('data-driver-id'),
      text: e.querySelector('[data-testid=inbox-driver]')?.textContent ?? '',
    })),
  );
  expect(cells.length).toBeGreaterThan(0);
  for (const c of cells) {
    if (c.vehicle === assigned)
      expect(c).toMatchObject({
        driver: driver.driver_id,
        text: `${driver.first_name[0]}. ${driver.last_name} (${driver.username})`,
      });
    else expect(c).toMatchObject({ driver: null, text: 'Unassigned' });
  }
  await page.screenshot({ path: testInfo.outputPath('inbox-driver-column.png') });

  // The driver filter: exactly the assigned truck's speeding events, as worked out by hand.
  const filter = page.getByTestId('inbox-driver-filter');
  await filter.selectOption(`${a.carrierId}/${driver.driver_id}`);
  await expect(list).toHaveAttribute('data-count', String(mine.length));
  expect(await shownRows(page)).toEqual(mine);
  await expect(page).toHaveURL(new RegExp(`driver=${a.carrierId}%2F${driver.driver_id}`));
  // Kept in the address: a reload opens the same list.
  await page.reload();
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('inbox-page')).toHaveAttribute('data-drivers', 'ready');
  await expect(filter).toHaveValue(`${a.carrierId}/${driver.driver_id}`);
  await expect(list).toHaveAttribute('data-count', String(mine.length));

  // Unassigned: never a row of the assigned truck, every one of the other trucks' by hand.
  await filter.selectOption('unassigned');
  const unassigned = await shownRows(page);
  expect(unassigned.filter((r) => r.endsWith(` ${assigned}`))).toEqual([]);
  const othersByHand = [
    ...others.flatMap((v) => speedingStarts(a.carrierId, v!)),
    ...speedingStarts(b.carrierId, b.vehicleIds[0]!),
  ].sort();
  expect(unassigned).toEqual(othersByHand);

  // Compare: the assigned carrier has one driver with events (of one assigned); the other has no assignments.
  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  for (const box of await page.locator('[data-testid^=compare-pick-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.replace('compare-pick-', '');
    if (id === a.carrierId || id === b.carrierId) await box.check();
    else await box.uncheck();
  }
  await page.getByTestId('compare-range').selectOption('7d');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });
  const columns = await page
    .getByTestId('compare-carrier')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-carrier-id')));
  const row = (metric: string) =>
    page.locator(`[data-testid=compare-row][data-metric="${metric}"] [data-testid=compare-cell]`);
  const at = (carrierId: string) => columns.indexOf(carrierId);
  await expect(row('drivers-with-events').nth(at(a.carrierId))).toHaveAttribute('data-value', '1');
  await expect(row('drivers-with-events').nth(at(a.carrierId))).toContainText('of 1 assigned');
  for (const metric of ['drivers-with-events', 'drivers-unassigned-events', 'drivers-worst-per-1000mi']) {
    await expect(row(metric).nth(at(b.carrierId))).toHaveAttribute('data-value', '');
    await expect(row(metric).nth(at(b.carrierId))).toContainText('no assignments');
  }
  // Another truck of the carrier sped too (the week's truth), and its events have nobody: a share above zero.
  expect(others.some((v) => speedingStarts(a.carrierId, v!).length > 0)).toBe(true);
  const share = await row('drivers-unassigned-events').nth(at(a.carrierId)).getAttribute('data-value');
  expect(Number(share)).toBeGreaterThan(0);
  await row('drivers-with-events').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('compare-drivers.png') });
});
