import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openApp, test, type WebShell } from './fixtures.ts';

/**
 * Issue 31, item 9: the home-zone field accepts the names a US fleet manager types ("Eastern", "CST") and
 * says which IANA zone each becomes before saving; the stored zone is that IANA zone (EST is not Intl's
 * fixed UTC−5, which has no daylight saving).
 */

const storedZoneOf = (shell: WebShell, label: string): string | undefined =>
  (
    JSON.parse(readFileSync(path.join(shell.dataDir, 'settings.json'), 'utf8')) as {
      carriers: { label: string; homeZone?: string }[];
    }
  ).carriers.find((c) => c.label === label)?.homeZone;

const rowOf = (page: Page, label: string) =>
  page.getByTestId('carrier-row').filter({ has: page.getByTestId('carrier-label').getByText(label, { exact: true }) });

test('home zone: "Eastern" and "cst" are taken as America/New_York and America/Chicago, shown before saving', async ({
  page,
  shell,
}) => {
  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  await page.getByTestId('add-carrier').click();
  await page.getByTestId('carrier-label-input').fill('Eastern Freight');
  await page.getByTestId('carrier-key-input').fill('company-key-zone-names-e2e');
  await page.getByTestId('carrier-base-url-input').fill('http://127.0.0.1:9');
  await page.getByTestId('carrier-zone-input').fill('Eastern');
  await expect(page.getByTestId('carrier-zone-input-mapped')).toHaveText('Eastern → America/New_York');
  await page.getByTestId('carrier-add-submit').click();
  await page.getByTestId('carrier-add-check-save-anyway').click();
  const added = rowOf(page, 'Eastern Freight');
  await expect(added.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', 'America/New_York');
  expect(storedZoneOf(shell, 'Eastern Freight')).toBe('America/New_York');

  await added.getByTestId('carrier-zone-edit').click();
  await added.getByTestId('carrier-zone-edit-input').fill('  cst ');
  await expect(added.getByTestId('carrier-zone-edit-input-mapped')).toHaveText('cst → America/Chicago');
  await added.getByTestId('carrier-zone-save').click();
  await expect(added.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', 'America/Chicago');
  expect(storedZoneOf(shell, 'Eastern Freight')).toBe('America/Chicago');
});
