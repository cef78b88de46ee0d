import type { Page } from '@playwright/test';
import path from 'node:path';
import { expect, openApp, test } from './fixtures.ts';

const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');
const BAYREUTH = path.join(OSM, 'north-bayreuth.osm.gz');

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('road-limits')).toBeVisible();
}

async function importExtract(page: Page, file: string): Promise<void> {
  await page.getByTestId('road-limits-file').setInputFiles(file);
}

const square = (name: string, maxspeed: string) => ({
  type: 'Feature',
  properties: { name, maxspeed },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [11.5, 50.0],
        [11.6, 50.0],
        [11.6, 50.1],
        [11.5, 50.1],
        [11.5, 50.0],
      ],
    ],
  },
});
const zonesFile = (name: string, ...features: unknown[]) => ({
  name,
  mimeType: 'application/geo+json',
  buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features })),
});

test('an extract imported in Settings shows its build, then the kept index; a bad file and Cancel keep it', async ({
  page,
  shell,
}, testInfo) => {
  await openApp(page, shell);
  await openSettings(page);
  await expect(page.getByTestId('road-limits-none')).toBeVisible();

  await importExtract(page, BAYREUTH);
  await expect(page.getByTestId('road-limits-progress-text')).toHaveText(
    /^(Reading ways \(pass 1 of 2\)|Reading nodes \(pass 2 of 2\)) \d+%$/,
  );
  await expect(page.getByTestId('road-limits-done')).toHaveText('north-bayreuth.osm.gz is now the road index in use.');
  const index = page.getByTestId('road-limits-index');
  await expect(index).toHaveAttribute('data-origin', 'import');
  await expect(page.getByTestId('road-limits-file')).toBeEnabled();
  await expect(index.getByTestId('road-limits-fact-file')).toHaveText('north-bayreuth.osm.gz');
  await expect(index.getByTestId('road-limits-fact-limits')).toHaveText(
    /^\d+% posted, \d+% legal default, \d+% none known$/,
  );
  await page.screenshot({ path: testInfo.outputPath('road-limits-kept.png') });
  const keptId = await index.getAttribute('data-id');

  await page.getByTestId('road-limits-file').setInputFiles({
    name: 'baltimore.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('lat,lng,speed\n39.29,-76.61,55\n'),
  });
  await expect(page.getByTestId('road-limits-failed')).toHaveText(
    /^baltimore\.txt is not an OpenStreetMap extract \(\.osm\.pbf, \.osm, \.osm\.gz\) or a road index/,
  );
  await expect(index).toHaveAttribute('data-id', keptId!);

  // A small extract can finish importing between the progress showing and the click reaching the import: then
  // it is the index in use, and Cancel is tried on another import (at most five).
  let inUse = keptId!;
  for (let attempt = 1; ; attempt++) {
    await importExtract(page, BAYREUTH);
    await expect(page.getByTestId('road-limits-progress')).toBeVisible();
    await page.getByTestId('road-limits-cancel').click();
    const cancelled = page.getByTestId('road-limits-cancelled');
    await expect(cancelled.or(page.getByTestId('road-limits-done'))).toBeVisible();
    if (await cancelled.isVisible()) break;
    expect(attempt, 'every import finished before its Cancel').toBeLessThan(5);
    // The index in use now, as the backend keeps it (a reload, not the page's refresh racing this read).
    await page.reload();
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
    await openSettings(page);
    await expect(index).toHaveAttribute('data-origin', 'import');
    inUse = (await index.getAttribute('data-id'))!;
  }
  await expect(page.getByTestId('road-limits-progress')).toHaveCount(0);
  await expect(index).toHaveAttribute('data-id', inUse);

  // Kept by the backend: a reload shows the same index.
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
  await openSettings(page);
  await expect(page.getByTestId('road-limits-index')).toHaveAttribute('data-id', inUse);
  await page.getByTestId('road-limits-remove').click();
  await page.getByTestId('road-limits-remove-confirm').click();
  await expect(page.getByTestId('road-limits-none')).toBeVisible();
});

test('speed zones: a file read whole is kept and listed, a bad one shows every reason and changes nothing', async ({
  page,
  shell,
}) => {
  await openApp(page, shell);
  await openSettings(page);
  await expect(page.getByTestId('speed-zones-none')).toBeVisible();
  await page
    .getByTestId('speed-zones-file')
    .setInputFiles(zonesFile('yards.geojson', square('North yard', '10 mph'), square('School', '20 mph')));
  await expect(page.getByTestId('speed-zones-count')).toHaveText('2 zones');
  await expect(page.getByTestId('speed-zones-names').getByRole('listitem')).toHaveText([
    'North yard (10 mph)',
    'School (20 mph)',
  ]);

  await page
    .getByTestId('speed-zones-file')
    .setInputFiles(
      zonesFile('bad.geojson', square('Ok', '10 mph'), square('No unit', '25'), square('Too', 'fast-ish')),
    );
  await expect(page.getByTestId('speed-zones-refused')).toContainText('bad.geojson was not imported');
  const reasons = page.getByTestId('speed-zones-reason');
  await expect(reasons).toHaveCount(2);
  await expect(reasons.nth(0)).toContainText('features[1]');
  await expect(reasons.nth(1)).toContainText('features[2]');
  await expect(page.getByTestId('speed-zones-count')).toHaveText('2 zones');

  await page.getByTestId('speed-zones-remove').click();
  await page.getByTestId('speed-zones-remove-confirm').click();
  await expect(page.getByTestId('speed-zones-none')).toBeVisible();
});

test('the demo carriers come with the demo roads', async ({ page, shell }) => {
  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  await openSettings(page);
  await expect(page.getByTestId('road-limits-index')).toHaveAttribute('data-origin', 'demo');
  await expect(page.getByTestId('road-limits-fact-file')).toHaveText('RouteLens demo roads');
});
