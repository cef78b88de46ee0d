// One scenario end to end: the independent computation sits beside the assertions it checks.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addDays } from '../../shared/util/day.ts';
import { downloadTwoCarriers, TODAY } from './harness/app.ts';
import { homeZoneOf, localDayStart } from './review-truth.ts';

interface RawDay {
  carrierId: string;
  vehicleId: string;
  day: string;
  t: number[];
  lat: number[];
  lng: number[];
  speed: number[];
  status: number[];
}

/** The stored chunks and rosters, read with plain IndexedDB (none of the app's code involved); page-side source, as the Node project has no DOM types. */
const READ_STORE = `new Promise((resolve, reject) => {
  const req = indexedDB.open('routelens');
  req.onerror = () => reject(new Error(String(req.error)));
  req.onsuccess = () => {
    const db = req.result;
    const tx = db.transaction(['dayChunks', 'rosters']);
    const chunks = tx.objectStore('dayChunks').getAll();
    const rosters = tx.objectStore('rosters').getAll();
    tx.oncomplete = () => {
      const days = chunks.result.map((r) => ({
        carrierId: r.carrierId, vehicleId: r.vehicleId, day: r.day,
        t: [...r.chunk.t], lat: [...r.chunk.lat], lng: [...r.chunk.lng], speed: [...r.chunk.speed], status: [...r.chunk.status],
      }));
      resolve({ days, rosters: rosters.result });
      db.close();
    };
  };
})`;

function readStore(
  page: Page,
): Promise<{ days: RawDay[]; rosters: { carrierId: string; kind: string; rows: unknown[] }[] }> {
  return page.evaluate(READ_STORE);
}

/**
 * The comparison's figures recomputed here from the raw readings, written from
 * the metric definitions (docs/analysis.md, not from shared/): consecutive
 * readings of a day, an interval attributed to its first reading. A gap when
 * the truck moved more than 250 m across an OFFLINE (2) reading or a silence
 * longer than 20 min, or jumped farther than 110 mph (+ 50 m) allows; else
 * stopped when the reading is not IN_MOTION (0) above 3 mph, or after a
 * silence of 5 min or more that ended within 250 m; else moving. Miles over
 * moving intervals. Speeding: at least two consecutive readings over the limit
 * (no gap and no interval over 20 min between them), 60 s or more from the
 * first to the last. The simulator sends no reading above 110 mph (checked),
 * so no outliers by speed.
 */
function expected(days: RawDay[], carrierId: string, thresholdMph: number) {
  const R = 3958.7613;
  const rad = Math.PI / 180;
  const hav = (a1: number, o1: number, a2: number, o2: number) => {
    const s1 = Math.sin(((a2 - a1) * rad) / 2);
    const s2 = Math.sin(((o2 - o1) * rad) / 2);
    const h = s1 * s1 + Math.cos(a1 * rad) * Math.cos(a2 * rad) * s2 * s2;
    return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
  };
  const PARKED_MI = 250 / 1609.344;
  let miles = 0;
  let moving = 0;
  let stationary = 0;
  let offline = 0;
  let speeding = 0;
  let events = 0;
  const withData = new Set<string>();
  for (const d of days.filter((x) => x.carrierId === carrierId)) {
    if (d.t.length > 0) withData.add(d.vehicleId);
    expect(d.speed.every((v) => v <= 110)).toBe(true);
    const gapAt: boolean[] = [];
    for (let i = 0; i + 1 < d.t.length; i++) {
      const dt = d.t[i + 1]! - d.t[i]!;
      const hop = hav(d.lat[i]!, d.lng[i]!, d.lat[i + 1]!, d.lng[i + 1]!);
      const jump = hop > (110 * dt) / 3_600_000 + 50 / 1609.344;
      const gap = jump || (hop > PARKED_MI && (d.status[i] === 2 || dt > 20 * 60_000));
      const parkedSilence = dt >= 5 * 60_000 && hop <= PARKED_MI && hop <= (3 * dt) / 3_600_000;
      const movingReading = d.status[i] === 0 && d.speed[i]! > 3;
      gapAt.push(gap);
      if (gap) offline += dt;
      else if (movingReading && !parkedSilence) {
        moving += dt;
        miles += hop;
      } else stationary += dt;
    }
    let first = -1;
    const close = (last: number) => {
      if (first >= 0 && last > first && d.t[last]! - d.t[first]! >= 60_000) {
        events++;
        speeding += d.t[last]! - d.t[first]!;
      }
      first = -1;
    };
    for (let i = 0; i < d.t.length; i++) {
      if (!(d.speed[i]! > thresholdMph)) {
        close(i - 1);
        continue;
      }
      if (first >= 0 && (gapAt[i - 1] || d.t[i]! - d.t[i - 1]! > 20 * 60_000)) close(i - 1);
      if (first < 0) first = i;
    }
    close(d.t.length - 1);
  }
  return {
    miles,
    events,
    drivingHours: moving / 3_600_000,
    speedingShare: speeding / moving,
    per1000: (events / miles) * 1000,
    offlineShare: offline / (moving + stationary + offline),
    vehiclesWithData: withData.size,
  };
}

/** A carrier's readings regrouped into one local day of `zone` (edges found with Intl in review-truth.ts), per vehicle. */
function localDay(days: RawDay[], carrierId: string, day: string, zone: string): RawDay[] {
  const [start, end] = [localDayStart(day, zone), localDayStart(addDays(day, 1), zone)];
  const byVehicle = new Map<string, RawDay>();
  for (const d of [...days].filter((x) => x.carrierId === carrierId).sort((a, b) => (a.day < b.day ? -1 : 1))) {
    const v = byVehicle.get(d.vehicleId) ?? {
      carrierId,
      vehicleId: d.vehicleId,
      day,
      t: [],
      lat: [],
      lng: [],
      speed: [],
      status: [],
    };
    d.t.forEach((t, i) => {
      if (t < start || t >= end) return;
      v.t.push(t);
      v.lat.push(d.lat[i]!);
      v.lng.push(d.lng[i]!);
      v.speed.push(d.speed[i]!);
      v.status.push(d.status[i]!);
    });
    byVehicle.set(d.vehicleId, v);
  }
  return [...byVehicle.values()];
}

async function metricValues(page: Page, metric: string): Promise<number[]> {
  const cells = page.locator(`[data-testid=compare-row][data-metric="${metric}"] [data-testid=compare-cell]`);
  return (await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''))).map(Number);
}

test('compare two demo carriers over a downloaded week: the numbers equal an independent computation from the stored chunks', async ({
  page,
  shell,
}, testInfo) => {
  const [first, second] = await downloadTwoCarriers(page, shell, [3, 2]);
  expect(second.carrierId).not.toBe(first.carrierId);

  await page.getByTestId('nav-compare').click();
  const compare = page.getByTestId('compare-page');
  await expect(compare).toBeVisible();
  for (const id of [first.carrierId, second.carrierId]) await page.getByTestId(`compare-pick-${id}`).check();
  // Only the two downloaded carriers.
  for (const box of await page.locator('[data-testid^=compare-pick-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.replace('compare-pick-', '');
    if (id !== first.carrierId && id !== second.carrierId) await box.uncheck();
  }
  await page.getByTestId('compare-range').selectOption('7d');
  await expect(compare).toHaveAttribute('data-trips', 'true', { timeout: 60_000 });
  const columns = await page
    .getByTestId('compare-carrier')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-carrier-id')));
  expect([...columns].sort()).toEqual([first.carrierId, second.carrierId].sort());

  const threshold = Number(await page.getByTestId('compare-limit').inputValue());
  const store = await readStore(page);
  // The figures count each carrier's home-zone days (issue 31, item 5): the range's local days' readings.
  const week = Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6));
  const inHomeDays = (c: string) => week.flatMap((d) => localDay(store.days, c, d, homeZoneOf(c)));
  const want = columns.map((c) => expected(inHomeDays(c!), c!, threshold));
  const check = async (metric: string, pick: (e: (typeof want)[number]) => number) => {
    const got = await metricValues(page, metric);
    want.forEach((w, i) => expect(got[i], `${metric} of ${columns[i]}`).toBeCloseTo(pick(w), 6));
  };
  expect(want.every((w) => w.miles > 0)).toBe(true);
  await check('miles', (w) => w.miles);
  await check('driving-hours', (w) => w.drivingHours);
  await check('speeding-time-share', (w) => w.speedingShare);
  await check('speeding-per-1000mi', (w) => w.per1000);
  await check('offline-share', (w) => w.offlineShare);
  // Coverage: vehicles with data out of the roster the downloads screen stored.
  const rosterSize = (c: string) => store.rosters.find((r) => r.carrierId === c && r.kind === 'vehicles')!.rows.length;
  await check('coverage-vehicles', (w) => w.vehiclesWithData / rosterSize(columns[want.indexOf(w)]!));
  // Only some vehicles were downloaded: the page says so and offers the rest.
  await expect(page.locator('[data-testid=compare-warning][data-kind=missing-days]')).toHaveCount(2);
  await expect(page.getByTestId('compare-download-missing')).toBeVisible();
  // Best and worst are marked in words, not colour alone.
  const marked = page.locator('[data-testid=compare-cell][data-mark=best]');
  expect(await marked.count()).toBeGreaterThan(0);
  await expect(marked.first()).toContainText('best');
  await expect(page.getByTestId('compare-multiples').locator('svg').first()).toBeVisible();
  // The per-day charts count each carrier's home-zone days (today's local day from what is stored so far).
  // Counts are shown when asked for (the rate is the default).
  await page.getByTestId('compare-speeding-events').check();
  for (const c of columns) {
    const zone = homeZoneOf(c!);
    const chart = (m: string) => page.locator(`[data-testid=compare-chart-${m}][data-carrier-id="${c}"]`);
    await expect(chart('miles').getByTestId('compare-chart-zone')).toHaveText(`(days in ${zone})`);
    const miles = JSON.parse((await chart('miles').getAttribute('data-daily'))!) as number[];
    const events = JSON.parse((await chart('events').getAttribute('data-daily'))!) as number[];
    const days = Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6));
    const truth = days.map((d) => expected(localDay(store.days, c!, d, zone), c!, threshold));
    expect(miles).toHaveLength(7);
    miles.forEach((m, i) => expect(m, `${c} ${days[i]} miles`).toBeCloseTo(truth[i]!.miles, 6));
    expect(events).toEqual(truth.map((x) => x.events));
    // Not the UTC days' series: the trucks drive across UTC midnight, which is evening in the home zone.
    const utc = days.map((d) => expected(localDay(store.days, c!, d, 'UTC'), c!, threshold).miles);
    expect(utc.some((m, i) => Math.abs(m - miles[i]!) > 1)).toBe(true);
    // A local day reaching into today's UTC day is still being recorded: marked partial, in words too.
    const todayStart = Date.parse(`${TODAY}T00:00:00Z`);
    const partial = days.filter((d) => localDayStart(addDays(d, 1), zone) > todayStart);
    await expect(chart('miles')).toHaveAttribute('data-partial', partial.join(','));
    await expect(chart('miles').getByTestId('compare-chart-partial')).toContainText('partial (still being recorded)');
  }
  // Speeding per 1,000 mi per day: the same truth, as a rate that does not grow with the miles driven.
  await page.getByTestId('compare-speeding-rate').check();
  for (const c of columns) {
    const zone = homeZoneOf(c!);
    const days = Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6));
    const truth = days.map((d) => expected(localDay(store.days, c!, d, zone), c!, threshold));
    const rate = JSON.parse(
      (await page.locator(`[data-testid=compare-chart-rate][data-carrier-id="${c}"]`).getAttribute('data-daily'))!,
    ) as (number | null)[];
    rate.forEach((r, i) => {
      const t = truth[i]!;
      if (t.miles > 0) expect(r, `${c} ${days[i]} per 1,000 mi`).toBeCloseTo((t.events * 1000) / t.miles, 6);
      else expect(r).toBeNull();
    });
  }
  await expect(page.locator('[data-testid=compare-chart-events]')).toHaveCount(0);
  await page.getByTestId('compare-speeding-events').check();
  await page.screenshot({ path: testInfo.outputPath('compare.png'), fullPage: true });

  // Changing the threshold recomputes with the new value.
  const lower = threshold - 10;
  await page.getByTestId('compare-limit').fill(String(lower));
  await page.getByTestId('compare-limit').press('Enter');
  await expect(page.getByTestId('compare-meta')).toContainText(`${lower} mph`);
  await expect
    .poll(async () => (await metricValues(page, 'speeding-time-share'))[0])
    .toBeCloseTo(expected(inHomeDays(columns[0]!), columns[0]!, lower).speedingShare, 6);

  // CSV export (browser shell: a download).
  const download = page.waitForEvent('download');
  await page.getByTestId('compare-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^routelens-compare-.*\.csv$/);

  // The report (browser shell: the print dialog): the page under its print stylesheet, on US Letter
  // portrait pages (its own @page size: Electron prints with preferCSSPageSize too), every page
  // numbered, no text under 9 pt, with the per-day charts, the worst events and every definition.
  // Chromium renders the same PDF Electron's printToPDF does; poppler reads it back.
  // Page-side source (the Node project has no DOM types): count print() calls instead of opening a dialog.
  await page.evaluate('window.printCalls = 0; window.print = () => { window.printCalls += 1; };');
  await page.getByTestId('compare-export-pdf').click();
  await expect.poll(() => page.evaluate('window.printCalls')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const pdfPath = testInfo.outputPath('compare-report.pdf');
  await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)![1]);
  expect(pages).toBeGreaterThanOrEqual(2);
  expect(info).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
  expect(text).toMatch(/printed \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  expect(text).toContain(`${lower} mph`);
  const definitions = await page.getByTestId('compare-definitions').locator('dd').allTextContents();
  expect(definitions.length).toBeGreaterThan(5);
  for (const d of definitions) expect(text).toContain(d.replace(/\s+/g, ' ').trim().slice(0, 40));
  expect(text).toMatch(/coverage/i);
  // Every carrier's column is on the page, values included (not cut off at the right edge).
  for (const label of await page.getByTestId('compare-carrier').allTextContents())
    expect(text).toContain(label.replace(/\s+/g, ' ').trim());
  for (const shownValue of await page
    .locator('[data-testid=compare-row][data-metric="miles"] [data-testid=compare-cell] .compare-value')
    .allTextContents()) {
    expect(text).toContain(shownValue.trim());
  }
  expect(text).toContain('Per day');
  expect(text).toContain('Worst speeding events');
  const worst = (await page.getByTestId('compare-worst-event').first().textContent())!.replace(/\s+/g, ' ').trim();
  expect(text).toContain(worst.slice(0, 30));
  // Type size: every word's box on every page is at least 9 pt tall (a 9-pt line of text is about 10.5 pt).
  const bbox = execFileSync('pdftotext', ['-bbox', pdfPath, '-'], { encoding: 'utf8' });
  const heights = [
    ...bbox.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({ h: Number(m[2]) - Number(m[1]), word: m[3] }));
  expect(heights.length).toBeGreaterThan(200);
  const small = heights.filter((w) => w.h < 9);
  expect(
    small,
    `words under 9 pt: ${small
      .slice(0, 10)
      .map((w) => `${w.word} (${w.h.toFixed(1)})`)
      .join(', ')}`,
  ).toEqual([]);
  execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, testInfo.outputPath('compare-report-page')]);
});
