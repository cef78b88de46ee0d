import type { Locator, Page, Response } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS, COMPANY_KEY_HEADER, PROVIDER_KEY_HEADER } from '../../shared/api/wire.ts';
import { CompanyKeyInvalidError } from '../../electron/node/api/errors.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { E2E_NOW, expect, openApp, test, type WebShell } from './fixtures.ts';

const WRONG_COMPANY_KEY = 'wrong-company-entry-e2e-5d1c7a90b3e4';
const OTHER_WRONG_KEY = 'wrong-company-entry-e2e-other-77a2c9';

function lookup(shell: WebShell, account: string): string | null {
  const r = spawnSync('secret-tool', ['lookup', 'service', shell.keychainService, 'username', account], {
    encoding: 'utf8',
  });
  return r.status === 0 ? r.stdout.trim() : null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** HH:MM of an instant in the browser's own zone (the display zone is 'local'), by Intl in the page, not by the app. */
async function clockTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at)),
    iso,
  );
}

/** A badge is never green unless it says the last test passed. */
async function expectBadge(badge: Locator, result: 'ok' | 'failed' | 'untested', words: string, time: string) {
  await expect(badge).toHaveAttribute('data-result', result);
  await expect(badge).toHaveText(`${words} · ${time}`);
  if (result === 'ok') await expect(badge).toHaveClass(/badge-ok/);
  else await expect(badge).not.toHaveClass(/badge-ok/);
}

test('keys are tested before they are saved: a wrong one is not saved and says why, "Save anyway" is explicit, badges show the last test', async ({
  page,
  shell,
}, testInfo) => {
  const sim = await startSimulator({ port: 0, now: () => Date.parse(E2E_NOW) });
  const carrier = sim.carriers[0]!;
  const company = sim.truth.company(carrier.id);
  try {
    const bodies: Promise<string>[] = [];
    page.on('response', (r: Response) => bodies.push(r.text().catch(() => '')));
    await openApp(page, shell);
    // The backend's clock is the pinned one: every test is stamped E2E_NOW.
    const at = await clockTime(page, E2E_NOW);

    // Provider Key with a base URL where nothing listens: not saved, and the user is sent to the base URL.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('provider-key-input').fill(sim.providerKey);
    await page.getByTestId('provider-base-url-input').fill('http://127.0.0.1:9');
    await page.getByTestId('provider-key-save').click();
    const providerCheck = page.getByTestId('provider-key-check');
    // Port 9 is one fetch never connects to (the Fetch standard's blocked ports): still the base URL to check.
    await expect(providerCheck).toHaveAttribute('data-reason', 'bad-port');
    await expect(providerCheck.getByTestId('provider-key-check-error-message')).toContainText(
      'Could not reach 127.0.0.1:9 (blocked port)',
    );
    await expect(providerCheck.getByTestId('provider-key-check-error-message')).toContainText(
      'check the base URL (host and port)',
    );
    await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'false');
    await expect(page.getByTestId('provider-base-url')).toHaveCount(0);
    expect(lookup(shell, 'provider-key')).toBeNull();
    await page.screenshot({ path: testInfo.outputPath('provider-key-refused.png') });

    // The right address: tested, saved, badge green with the time.
    await page.getByTestId('provider-base-url-input').fill(sim.baseUrl);
    await expect(providerCheck).toHaveCount(0);
    await page.getByTestId('provider-key-save').click();
    await expect(page.getByTestId('settings-notice')).toHaveText('Provider Key tested and saved.');
    await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
    await expectBadge(page.getByTestId('provider-key-test'), 'ok', 'Tested OK', at);
    expect(lookup(shell, 'provider-key')).toBe(sim.providerKey);

    // A new carrier with a wrong Company Key: not added, the API's own reason beside the field.
    const description = await (
      await fetch(sim.baseUrl + API_PATHS.companyInfo, {
        headers: { [PROVIDER_KEY_HEADER]: sim.providerKey, [COMPANY_KEY_HEADER]: WRONG_COMPANY_KEY },
      })
    ).json();
    const wrongMessage = new CompanyKeyInvalidError((description as { description: string }).description).message;
    await page.getByTestId('nav-carriers').click();
    await page.getByTestId('first-run-add-carrier').click();
    await page.getByTestId('carrier-label-input').fill('Entry Freight');
    await page.getByTestId('carrier-key-input').fill(WRONG_COMPANY_KEY);
    await page.getByTestId('carrier-add-submit').click();
    const addCheck = page.getByTestId('carrier-add-check');
    await expect(addCheck).toHaveAttribute('data-reason', 'company-key');
    await expect(addCheck).toHaveAttribute('data-status', '401');
    await expect(addCheck.getByTestId('carrier-add-check-error')).toHaveAttribute('data-kind', 'company-key');
    await expect(addCheck.getByTestId('carrier-add-check-error-message')).toHaveText(wrongMessage);
    await expect(page.getByTestId('carrier-row')).toHaveCount(0);
    expect(JSON.parse(readFileSync(path.join(shell.dataDir, 'settings.json'), 'utf8')).carriers).toEqual([]);
    await page.getByTestId('add-carrier-form').screenshot({ path: testInfo.outputPath('keys-wrong-company-key.png') });

    // "Save anyway": added, and its badge says it was saved without a test (not green).
    await addCheck.getByTestId('carrier-add-check-save-anyway').click();
    const row = page.getByTestId('carrier-row').filter({ hasText: 'Entry Freight' });
    await expect(row).toHaveCount(1);
    const carrierId = (await row.getAttribute('data-carrier-id'))!;
    const badge = row.getByTestId('carrier-key-state');
    await expectBadge(badge, 'untested', 'Saved without a test', at);
    expect(lookup(shell, `company-key:${carrierId}`)).toBe(WRONG_COMPANY_KEY);

    // Test connection: the red result and a red badge, never a green one beside it.
    await row.getByTestId('carrier-test').click();
    await expect(row.getByTestId('connection-result')).toHaveAttribute('data-kind', 'company-key');
    await expectBadge(badge, 'failed', 'Failed: wrong Company Key (401)', at);
    await page.screenshot({ path: testInfo.outputPath('carrier-test-failed.png') });

    // The right key: tested and saved, green with the time, the company named.
    await row.getByTestId('carrier-set-key').click();
    await row.getByTestId('carrier-key-replace-input').fill(carrier.companyKey);
    await row.getByTestId('carrier-key-save').click();
    await expect(row.getByTestId('carrier-key-form')).toHaveCount(0);
    await expectBadge(badge, 'ok', 'Tested OK', at);
    await expect(badge).toHaveAttribute('data-at', E2E_NOW);
    await expect(row.getByTestId('connection-result')).toHaveCount(0);
    await expect(row.getByTestId('carrier-company-name')).toHaveText(company.company_name);
    expect(lookup(shell, `company-key:${carrierId}`)).toBe(carrier.companyKey);

    // Replacing it with a wrong one: the reason beside the field; the stored key and its green badge stay.
    await row.getByTestId('carrier-set-key').click();
    await row.getByTestId('carrier-key-replace-input').fill(OTHER_WRONG_KEY);
    await row.getByTestId('carrier-key-save').click();
    await expect(row.getByTestId('carrier-key-check')).toHaveAttribute('data-reason', 'company-key');
    await expect(row.getByTestId('carrier-key-replace-input')).toBeVisible();
    await expectBadge(badge, 'ok', 'Tested OK', at);
    expect(lookup(shell, `company-key:${carrierId}`)).toBe(carrier.companyKey);

    // The last test survives a restart.
    await shell.restart();
    await page.goto('about:blank');
    await openApp(page, shell);
    await expectBadge(page.getByTestId('carrier-row').getByTestId('carrier-key-state'), 'ok', 'Tested OK', at);
    await page.getByTestId('nav-settings').click();
    await expectBadge(page.getByTestId('provider-key-test'), 'ok', 'Tested OK', at);

    // No key in any file of the data folder or in anything the page received.
    const keys = [sim.providerKey, carrier.companyKey, WRONG_COMPANY_KEY, OTHER_WRONG_KEY];
    for (const f of filesUnder(shell.dataDir)) {
      const text = readFileSync(f).toString('latin1');
      for (const k of keys) expect(text.includes(k), `${k.slice(0, 6)}… in ${path.basename(f)}`).toBe(false);
    }
    for (const b of await Promise.all(bodies)) for (const k of keys) expect(b.includes(k)).toBe(false);
  } finally {
    await sim.close();
  }
});
