import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openApp, test, type WebShell } from './fixtures.ts';
import { world } from './harness/app.ts';

/**
 * The carrier's home time zone on the Carriers screen (issue #13): chosen
 * when adding a carrier or changed later, refused with a reason when no such
 * zone exists, stored in settings.json and shown on the carrier's row.
 */

const storedZones = (shell: WebShell): Record<string, string | undefined> =>
  Object.fromEntries(
    (
      JSON.parse(readFileSync(path.join(shell.dataDir, 'settings.json'), 'utf8')) as {
        carriers: { label: string; homeZone?: string }[];
      }
    ).carriers.map((c) => [c.label, c.homeZone]),
  );

const rowOf = (page: Page, label: string) =>
  page.getByTestId('carrier-row').filter({ has: page.getByTestId('carrier-label').getByText(label, { exact: true }) });

test("home zone: demo carriers show their terminals' zones; a zone is chosen when adding and when editing, an unknown one refused with the reason", async ({
  page,
  shell,
}, testInfo) => {
  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  // Demo carriers: their home terminals' zones, as the simulator's ground truth names them.
  for (const c of world.truth.carriers()) {
    const row = page.locator(`[data-testid="carrier-row"][data-carrier-id="demo-${c.id}"]`);
    await expect(row.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', c.homeZone);
    await expect(row.getByTestId('carrier-home-zone')).toHaveAttribute('data-default', 'false');
  }

  // Adding: an unknown zone is refused with the reason and nothing is added; a valid one (any letter case) is stored canonically.
  await page.getByTestId('add-carrier').click();
  await page.getByTestId('carrier-label-input').fill('Zone Test Freight');
  await page.getByTestId('carrier-key-input').fill('company-key-zone-e2e-1');
  // A key is bound to an address; nothing is sent there by adding the carrier.
  await page.getByTestId('carrier-base-url-input').fill('http://127.0.0.1:9');
  await page.getByTestId('carrier-zone-input').fill('Mars/Olympus_Mons');
  await page.getByTestId('carrier-add-submit').click();
  await expect(page.getByTestId('carrier-zone-input-hint')).toHaveText(
    /"Mars\/Olympus_Mons" is not a time zone this computer knows/,
  );
  await expect(page.getByTestId('carrier-zone-input')).toHaveAttribute('aria-invalid', 'true');
  await expect(rowOf(page, 'Zone Test Freight')).toHaveCount(0);
  expect(storedZones(shell)['Zone Test Freight']).toBeUndefined();
  await page.getByTestId('carrier-zone-input').fill('america/phoenix');
  await page.getByTestId('carrier-add-submit').click();
  // No Provider Key here, so the key cannot be tested on entry: saved anyway, explicitly.
  await expect(page.getByTestId('carrier-add-check')).toHaveAttribute('data-reason', 'missing-key');
  await page.getByTestId('carrier-add-check-save-anyway').click();
  const added = rowOf(page, 'Zone Test Freight');
  await expect(added.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', 'America/Phoenix');
  expect(storedZones(shell)['Zone Test Freight']).toBe('America/Phoenix');

  // Editing: refused with the reason (the stored zone stays), then changed; the row and settings.json agree.
  await added.getByTestId('carrier-zone-edit').click();
  await expect(added.getByTestId('carrier-zone-edit-input')).toHaveValue('America/Phoenix');
  await added.getByTestId('carrier-zone-edit-input').fill('local');
  await added.getByTestId('carrier-zone-save').click();
  await expect(added.getByTestId('carrier-zone-edit-input-hint')).toHaveText(
    /"local" is not a time zone this computer knows/,
  );
  expect(storedZones(shell)['Zone Test Freight']).toBe('America/Phoenix');
  await added.getByTestId('carrier-zone-edit-input').fill('Asia/Kolkata');
  await added.getByTestId('carrier-zone-save').click();
  await expect(added.getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', 'Asia/Kolkata');
  await expect(added.getByTestId('carrier-zone-edit-input')).toHaveCount(0);
  expect(storedZones(shell)['Zone Test Freight']).toBe('Asia/Kolkata');

  // A new carrier without a zone gets this computer's (the shell process's), stored when added; shown after a reload too.
  await page.getByTestId('add-carrier').click();
  await page.getByTestId('carrier-label-input').fill('No Zone Given');
  await page.getByTestId('carrier-key-input').fill('company-key-zone-e2e-2');
  await page.getByTestId('carrier-base-url-input').fill('http://127.0.0.1:9');
  await page.getByTestId('carrier-add-submit').click();
  await page.getByTestId('carrier-add-check-save-anyway').click();
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  await expect(rowOf(page, 'No Zone Given').getByTestId('carrier-home-zone')).toHaveAttribute('data-zone', here);
  expect(storedZones(shell)['No Zone Given']).toBe(here);
  await page.reload();
  await expect(rowOf(page, 'Zone Test Freight').getByTestId('carrier-home-zone')).toHaveText('Asia/Kolkata');
  await page.screenshot({ path: testInfo.outputPath('carrier-zones.png') });
});
