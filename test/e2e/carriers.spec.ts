import type { Page, Response } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPANY_KEY_HEADER, API_PATHS, PROVIDER_KEY_HEADER } from '../../shared/api/wire.ts';
import { CompanyKeyInvalidError, ProviderKeyInvalidError } from '../../electron/node/api/errors.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { E2E_NOW, expect, openApp, test } from './fixtures.ts';

const WRONG_PROVIDER_KEY = 'wrong-provider-e2e-4f0d9c2b7a61';
const WRONG_COMPANY_KEY = 'wrong-company-e2e-8e3a1f5c0b92';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** The description the API itself gives for a 401, so the expected message is derived, not copied. */
async function describe401(baseUrl: string, providerKey: string, companyKey: string): Promise<string> {
  const res = await fetch(baseUrl + API_PATHS.companyInfo, {
    headers: { [PROVIDER_KEY_HEADER]: providerKey, [COMPANY_KEY_HEADER]: companyKey },
  });
  expect(res.status).toBe(401);
  return ((await res.json()) as { description: string }).description;
}

/** `wrong`: the key's test on entry fails (nothing saved), then the user saves it anyway. */
async function setProviderKey(page: Page, key: string, baseUrl?: string, wrong = false) {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('provider-key-input').fill(key);
  if (baseUrl !== undefined) await page.getByTestId('provider-base-url-input').fill(baseUrl);
  await page.getByTestId('provider-key-save').click();
  if (wrong) {
    await expect(page.getByTestId('provider-key-check')).toHaveAttribute('data-reason', 'provider-key');
    await page.getByTestId('provider-key-check-save-anyway').click();
  }
  await expect(page.getByTestId('settings-notice')).toHaveText(
    wrong ? 'Provider Key saved without a test.' : /^Provider Key tested and (saved|replaced)\.$/,
  );
  await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
  // Never echoed back: the field is empty again and the page shows only "set".
  await expect(page.getByTestId('provider-key-input')).toHaveValue('');
}

async function testConnection(page: Page, carrierId: string) {
  const row = page.locator(`[data-testid="carrier-row"][data-carrier-id="${carrierId}"]`);
  await page.getByTestId('nav-carriers').click();
  await row.getByTestId('carrier-test').click();
  const result = row.getByTestId('connection-result');
  // An unreachable API is found after the client's retries, which take longer on a loaded machine.
  await expect(row.getByTestId('carrier-test')).toBeEnabled({ timeout: 45_000 });
  await expect(result).toBeVisible({ timeout: 45_000 });
  return result;
}

test('add a carrier with keys: connection test names the company, says which key is wrong, or that the API is unreachable', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  // Same pinned clock as the shell's backend, so reading ages are consistent.
  const sim = await startSimulator({ port: 0, now: () => Date.parse(E2E_NOW) });
  const carrier = sim.carriers[0]!;
  const company = sim.truth.company(carrier.id);
  try {
    // Everything the page receives, to check no key ever comes back.
    const bodies: Promise<string>[] = [];
    page.on('response', (r: Response) => bodies.push(r.text().catch(() => '')));

    await openApp(page, shell);
    await setProviderKey(page, sim.providerKey, sim.baseUrl);
    await expect(page.getByTestId('provider-base-url')).toHaveText(sim.baseUrl);
    // The key lives in the OS keychain under this shell's service name.
    const stored = execFileSync(
      'secret-tool',
      ['lookup', 'service', shell.keychainService, 'username', 'provider-key'],
      { encoding: 'utf8' },
    );
    expect(stored.trim()).toBe(sim.providerKey);
    await page.screenshot({ path: testInfo.outputPath('settings-key-set.png') });

    await page.getByTestId('nav-carriers').click();
    await page.getByTestId('first-run-add-carrier').click();
    await page.getByTestId('carrier-label-input').fill('Acme (real keys)');
    await page.getByTestId('carrier-key-input').fill(carrier.companyKey);
    await page.getByTestId('carrier-add-submit').click();
    const row = page.getByTestId('carrier-row').filter({ hasText: 'Acme (real keys)' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('carrier-key-state')).toHaveAttribute('data-set', 'true');
    await expect(row.getByTestId('demo-badge')).toHaveCount(0);
    const carrierId = (await row.getAttribute('data-carrier-id'))!;

    let result = await testConnection(page, carrierId);
    await expect(result).toHaveAttribute('data-kind', 'ok');
    await expect(result.getByTestId('connection-company')).toHaveText(company.company_name);
    await expect(result.getByTestId('connection-dot')).toHaveText(company.dot_number);
    // Remembered with the carrier (it goes into exported files' audit metadata) and shown on its row.
    await expect(row.getByTestId('carrier-company-name')).toHaveText(company.company_name);
    await expect(row.getByTestId('carrier-company-dot')).toHaveText(company.dot_number);
    await page.screenshot({ path: testInfo.outputPath('connection-ok.png') });

    // Visit the fleet once while online: its roster is stored for offline use.
    await page.getByTestId(`nav-fleet-${carrierId}`).click();
    await expect(page.getByTestId('vehicle-row')).toHaveCount(sim.truth.vehicles(carrier.id).length);
    await page.getByTestId('tab-drivers').click();
    await expect(page.getByTestId('driver-row')).toHaveCount(sim.truth.drivers(carrier.id).length);

    // A wrong Provider Key: the message says so, exactly as the client words the API's answer.
    const providerMsg = new ProviderKeyInvalidError(
      await describe401(sim.baseUrl, WRONG_PROVIDER_KEY, carrier.companyKey),
    ).message;
    await setProviderKey(page, WRONG_PROVIDER_KEY, undefined, true);
    result = await testConnection(page, carrierId);
    await expect(result).toHaveAttribute('data-kind', 'provider-key');
    await expect(result.getByTestId('connection-result-message')).toHaveText(providerMsg);
    await page.screenshot({ path: testInfo.outputPath('connection-provider-key.png') });

    // A wrong Company Key (with the right Provider Key back).
    const companyMsg = new CompanyKeyInvalidError(await describe401(sim.baseUrl, sim.providerKey, WRONG_COMPANY_KEY))
      .message;
    await setProviderKey(page, sim.providerKey);
    await page.getByTestId('nav-carriers').click();
    await row.getByTestId('carrier-set-key').click();
    await row.getByTestId('carrier-key-replace-input').fill(WRONG_COMPANY_KEY);
    await row.getByTestId('carrier-key-save').click();
    // Tested on entry: not saved until the user says so.
    await expect(row.getByTestId('carrier-key-check')).toHaveAttribute('data-reason', 'company-key');
    await row.getByTestId('carrier-key-check-save-anyway').click();
    await expect(row.getByTestId('carrier-key-replace-input')).toHaveCount(0);
    result = await testConnection(page, carrierId);
    await expect(result).toHaveAttribute('data-kind', 'company-key');
    await expect(result.getByTestId('connection-result-message')).toHaveText(companyMsg);
    expect(companyMsg).not.toBe(providerMsg);
    await page.screenshot({ path: testInfo.outputPath('connection-company-key.png') });

    await row.getByTestId('carrier-set-key').click();
    await row.getByTestId('carrier-key-replace-input').fill(carrier.companyKey);
    await row.getByTestId('carrier-key-save').click();
    result = await testConnection(page, carrierId);
    await expect(result).toHaveAttribute('data-kind', 'ok');

    // The API goes away.
    await sim.close();
    result = await testConnection(page, carrierId);
    await expect(result).toHaveAttribute('data-kind', 'unreachable');
    await expect(result.getByTestId('connection-result-message')).toContainText(
      `Could not reach ${new URL(sim.baseUrl).host}`,
    );
    // Nothing listens there any more: the user is sent to the base URL, not to their network.
    await expect(result.getByTestId('connection-result-message')).toContainText('connection refused');
    await expect(result.getByTestId('connection-result-message')).toContainText('check the base URL (host and port)');
    await page.screenshot({ path: testInfo.outputPath('connection-unreachable.png') });

    // Offline after a restart (no cached answer in the backend): the stored roster, with its age and the reason.
    await shell.restart();
    // A fresh document, so openApp waits for this load, not the previous one.
    await page.goto('about:blank');
    await openApp(page, shell);
    await page.getByTestId(`nav-fleet-${carrierId}`).click();
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByTestId('offline-reason')).toContainText(`Could not reach ${new URL(sim.baseUrl).host}`);
    await expect(notice).toHaveAttribute('data-has-roster', 'true');
    await expect(notice.getByTestId('offline-age')).toHaveText(/ago|just now/);
    await expect(page.getByTestId('vehicle-row')).toHaveCount(sim.truth.vehicles(carrier.id).length);
    await page.screenshot({ path: testInfo.outputPath('fleet-offline.png') });

    // No key, right or wrong, in any file of the data folder or in anything the page received.
    const keys = [sim.providerKey, carrier.companyKey, WRONG_PROVIDER_KEY, WRONG_COMPANY_KEY];
    const files = filesUnder(shell.dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = readFileSync(f).toString('latin1');
      for (const k of keys) expect(text.includes(k), `${k.slice(0, 6)}… in ${path.basename(f)}`).toBe(false);
    }
    const received = await Promise.all(bodies);
    expect(received.some((b) => b.includes(company.company_name))).toBe(true);
    for (const b of received) for (const k of keys) expect(b.includes(k)).toBe(false);
  } finally {
    await sim.close().catch(() => undefined);
  }
});
