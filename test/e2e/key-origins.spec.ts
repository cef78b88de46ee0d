/**
 * Keys are sent only to the API address they were entered for. In the
 * browser shell (no confirm dialog) moving the API to another origin means
 * entering the keys again; the screens say so before any request fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_CHECK_COMPANY_KEY } from '../../electron/node/backend/key-check.ts';
import { startSimulator } from '../../electron/node/simulator/index.ts';
import { E2E_NOW, expect, openApp, test } from './fixtures.ts';

test('moving the API to another origin: no key goes there until entered again, and the screens say which', async ({
  page,
  shell,
}, testInfo) => {
  const sim = await startSimulator({ port: 0, now: () => Date.parse(E2E_NOW) });
  // Another origin that records which Company Keys ever reached it.
  const keysSeen: string[] = [];
  const other = http.createServer((req, res) => {
    const company = req.headers['x-api-company-key'];
    if (req.headers['x-api-provider-key'] || company) keysSeen.push(typeof company === 'string' ? company : '');
    res.writeHead(503, { 'Content-Type': 'application/json' });
    res.end('{"description":"not here","data":null}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  try {
    await openApp(page, shell);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('provider-key-input').fill(sim.providerKey);
    await page.getByTestId('provider-base-url-input').fill(sim.baseUrl);
    await page.getByTestId('provider-key-save').click();
    await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
    await expect(page.getByTestId('provider-key-elsewhere')).toHaveCount(0);

    await page.getByTestId('nav-carriers').click();
    await page.getByTestId('first-run-add-carrier').click();
    await page.getByTestId('carrier-label-input').fill('Acme (real keys)');
    await page.getByTestId('carrier-key-input').fill(sim.carriers[0]!.companyKey);
    await page.getByTestId('carrier-add-submit').click();
    const row = page.getByTestId('carrier-row').filter({ hasText: 'Acme (real keys)' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('carrier-key-elsewhere')).toHaveCount(0);

    // The Provider Key entered again with the new address: the Company Key still belongs to the old one.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('provider-key-input').fill(sim.providerKey);
    await page.getByTestId('provider-base-url-input').fill(otherUrl);
    await page.getByTestId('provider-key-save').click();
    // Tested there on entry (it answers 503): saved only on the user's say-so.
    await expect(page.getByTestId('provider-key-check')).toHaveAttribute('data-reason', 'server');
    await page.getByTestId('provider-key-check-save-anyway').click();
    await expect(page.getByTestId('provider-base-url')).toHaveText(otherUrl);
    await expect(page.getByTestId('provider-key-elsewhere')).toHaveCount(0);

    await page.getByTestId('nav-carriers').click();
    await expect(row.getByTestId('carrier-key-elsewhere')).toContainText(
      `enter the key again (Replace key) to use it with ${otherUrl}`,
    );
    await row.getByTestId('carrier-test').click();
    const result = row.getByTestId('connection-result');
    await expect(result).toHaveAttribute('data-kind', 'missing-key');
    await expect(result.getByTestId('connection-result-message')).toContainText(
      `The Company Key of "Acme (real keys)" was entered for ${sim.baseUrl}, not for ${otherUrl}`,
    );
    await page.screenshot({ path: testInfo.outputPath('company-key-elsewhere.png') });
    // Only the Provider Key's test reached it (with the placeholder Company Key), never the carrier's key.
    expect(keysSeen.length).toBeGreaterThan(0);
    expect(new Set(keysSeen)).toEqual(new Set([PROVIDER_CHECK_COMPANY_KEY]));
    keysSeen.length = 0;

    // Entered again: the warning goes, and only now do the keys reach the new address.
    await row.getByTestId('carrier-set-key').click();
    await row.getByTestId('carrier-key-replace-input').fill(sim.carriers[0]!.companyKey);
    await row.getByTestId('carrier-key-save').click();
    await expect(row.getByTestId('carrier-key-check')).toHaveAttribute('data-reason', 'server');
    await row.getByTestId('carrier-key-check-save-anyway').click();
    await expect(row.getByTestId('carrier-key-elsewhere')).toHaveCount(0);
    await row.getByTestId('carrier-test').click();
    await expect(result).toHaveAttribute('data-kind', 'server');
    expect(keysSeen).toContain(sim.carriers[0]!.companyKey);
  } finally {
    await sim.close();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
