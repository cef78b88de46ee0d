import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEXT_LIMITS } from '../../shared/api/text-bounds.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { addApiCarrier, downloadVehicle, openReviewOf, TODAY } from './harness/app.ts';
import { HOSTILE_VEHICLE_ID, startHostileTextServer } from '../support/hostile-text-server.ts';
import { cliVerify } from '../support/cli-run.ts';

/**
 * Issue 32, problem 3, in the app: an API whose unit number, VIN, names and place text are 64 KB each.
 * The app downloads, exports and makes an audit bundle as it would of ordinary text (before, the audit
 * was refused and an export's suggested name broke); every field arrives cut to its bound, marked "…".
 */
test.use({ saveToFolder: true });

const LONG = `T-${'9'.repeat(64 * 1024)}`;

test('64 KB text fields from the API: the download, the breadcrumbs CSV and the audit bundle carry them cut to their bounds', async ({
  page,
  shell,
}, testInfo) => {
  // The shell's clock (E2E_NOW) decides the 7 days it asks for; a reading every 4 h keeps each page (three 64 KB
  // fields a record) under the client's 32 MB body bound.
  const today = TODAY;
  const api = await startHostileTextServer({ text: LONG, from: addDays(today, -8), to: today, everyMinutes: 240 });
  try {
    const [providerKey, companyKey] = [api.env.ROUTELENS_PROVIDER_KEY!, api.env.ROUTELENS_COMPANY_KEY!];
    const carrierId = await addApiCarrier(page, shell, {
      baseUrl: api.baseUrl,
      providerKey,
      companyKey,
      label: 'Long text',
    });

    await expect(await downloadVehicle(page, carrierId, HOSTILE_VEHICLE_ID, '7d')).toHaveAttribute(
      'data-state',
      'done',
      { timeout: 90_000 },
    );

    const day = addDays(today, -2);
    await page.getByTestId('nav-review').click();
    await page.getByTestId('review-carrier').selectOption(carrierId);
    await page.getByTestId('review-vehicle').selectOption(HOSTILE_VEHICLE_ID);
    await openReviewOf(page, day);

    await page.getByTestId('export-breadcrumbs-csv').click();
    const status = page.getByTestId('export-status');
    await expect(status).toContainText(/^Saved /, { timeout: 60_000 });
    const csvPath = /^Saved (.*) \(/.exec((await status.textContent()) ?? '')![1]!;
    // The suggested name is built from bounded parts.
    expect(path.basename(csvPath).length).toBeLessThan(120);
    const [header, ...rows] = readFileSync(csvPath, 'utf8').trimEnd().split('\r\n');
    expect(rows).toHaveLength(6);
    const cells = header!.split(',');
    for (const row of rows) {
      const cell = row.split(',');
      const unit = cell[cells.indexOf('vehicle_number')]!;
      expect(unit.length).toBe(TEXT_LIMITS.unitNumber);
      expect(unit.endsWith('…')).toBe(true);
      expect(row.length).toBeLessThan(1000);
    }

    await page.getByTestId('audit-bundle-make').click();
    const saved = page.getByTestId('audit-bundle-status');
    await expect(saved).toContainText(/^Saved /, { timeout: 90_000 });
    const zip = /^Saved (.*) \(/.exec((await saved.textContent()) ?? '')![1]!;
    const verify = cliVerify(zip);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout.split('\n')[0]).toBe('verified');
    await page.screenshot({ path: testInfo.outputPath('long-text-review.png') });
  } finally {
    await api.close();
  }
});
