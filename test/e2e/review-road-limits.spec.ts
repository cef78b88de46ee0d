import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { overLimitTruth, type OverLimitRun } from '../../electron/node/simulator/limit-truth.ts';
import { opDaySim, type SimVehicleRef } from '../../electron/node/simulator/vehicle-days.ts';
import { opDayOf } from '../../electron/node/simulator/vehicle-sim.ts';
import { tierOf } from '../../shared/roads/tiers.ts';
import { localDayStartMs } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { E2E_NOW, expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, startJob, TODAY } from './harness/app.ts';
import { homeZoneOf } from './review-truth.ts';

/**
 * Issue 33, Trip review: with the demo's roads kept as the road-limit index (the demo carriers install
 * them), the demo truck's day shows the road's limit as a step line under the speed, the route coloured
 * by mph over the limit (the tier of a run the simulator itself recorded as over its posted limit among
 * the colours drawn), and hovering a reading on the speed chart names its road and its posted limit.
 * Without a kept index none of this is on screen, so the spec can only pass with one.
 */
const FROM = addDays(TODAY, -6);
const TO = addDays(TODAY, -1);
const sim = createSimulatorWorld({ now: () => Date.parse(E2E_NOW) });

function vehicleRefOf(carrierId: string, vehicleId: string): SimVehicleRef {
  const carrier = sim.carriers.find((c) => `demo-${c.info.id}` === carrierId)!;
  return sim.vehicleRef(
    carrier,
    carrier.vehicles.find((v) => v.vehicle_id === vehicleId)!,
  );
}

/** The posted limit of the road the simulated truck was on at the reading served at `ms` (whole seconds). */
function simLimitAt(ref: SimVehicleRef, ms: number): number {
  const day = opDaySim(ref, opDayOf(ms))!;
  const i = day.t.slice(0, day.n).findIndex((t) => Math.floor(t / 1000) * 1000 === ms);
  expect(i, 'the run starts on a reading of the simulator').toBeGreaterThanOrEqual(0);
  return day.limitMph[i]!;
}

/** The simulator's own over-limit runs of the truck, per local day of the carrier's home zone. */
function truthRunsByDay(carrierId: string, vehicleId: string): Map<string, OverLimitRun[]> {
  const ref = vehicleRefOf(carrierId, vehicleId);
  const zone = homeZoneOf(carrierId);
  const out = new Map<string, OverLimitRun[]>();
  for (let d = FROM; d <= TO; d = addDays(d, 1))
    out.set(d, overLimitTruth(ref, localDayStartMs(d, zone), localDayStartMs(addDays(d, 1), zone)));
  return out;
}

/** The speed chart's x (px from its left) of `ms`, by the plot geometry of ChartFrame.tsx. */
function chartX(width: number, fromMs: number, toMs: number, ms: number): number {
  const [left, right] = [44, width - 12];
  return left + ((ms - fromMs) / (toMs - fromMs)) * (right - left);
}

test('the demo truck’s day: the limit line, the route by mph over the limit, the road and limit on hover', async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  const byDay = truthRunsByDay(carrierId, vehicleId);
  const [day, runs] = [...byDay].sort((a, b) => b[1].length - a[1].length)[0]!;
  expect(runs.length, 'the simulator drove over a posted limit on some day of the week').toBeGreaterThan(0);

  await openReviewOf(page, day);

  // The limit as steps under the speed, named in the chart's legend.
  const speed = page.getByTestId('chart-speed');
  await expect(page.getByTestId('chart-limit-legend')).toHaveText(/Road limit/);
  await expect(speed.locator('path.chart-limit-line')).toHaveCount(1);

  // The route by mph over the limit: the truth's tiers are among the colours drawn, and the legend says them.
  const canvas = page.getByTestId('review-map').locator('[data-route-colouring]').first();
  await expect(canvas).toHaveAttribute('data-route-colouring', 'limit');
  const classes = (await canvas.getAttribute('data-route-classes'))!.split(',');
  for (const run of runs) expect(classes).toContain(tierOf(run.peakOverMph)!);
  const legend = page.getByTestId('legend-route-class');
  await expect(legend.filter({ hasText: '6–10 over (light)' })).toHaveCount(1);
  await expect(legend.filter({ hasText: 'Limit unknown' })).toHaveCount(1);

  // Hovering the speed chart at the first reading of a run over the limit: its road and posted limit.
  const run = runs[0]!;
  await speed.scrollIntoViewIfNeeded();
  const box = (await speed.boundingBox())!;
  const [fromMs, toMs] = [Number(await speed.getAttribute('data-from')), Number(await speed.getAttribute('data-to'))];
  await page.mouse.move(box.x + chartX(box.width, fromMs, toMs, run.startMs), box.y + box.height / 2, {
    steps: 3,
  });
  const hover = page.getByTestId('chart-hover');
  await expect(hover).toHaveText(/^.+(Boulevard|Parkway|Interstate) · \d+ mph posted$/);
  const limit = Number(/ · (\d+) mph posted$/.exec((await hover.textContent())!)![1]);
  expect(limit, 'the limit of the road the simulator drove at that reading').toBe(
    Math.round(simLimitAt(vehicleRefOf(carrierId, vehicleId), run.startMs)),
  );

  // The toggle goes back to the route by speed, with its own legend.
  await page.getByTestId('review-route-colouring').click();
  await expect(canvas).toHaveAttribute('data-route-colouring', 'speed');
  await expect(legend.filter({ hasText: 'Speeding' })).toHaveCount(1);
});
