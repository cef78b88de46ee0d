import { startSimulator } from '../../electron/node/simulator/index.ts';
import { E2E_NOW, expect, openApp, test } from './fixtures.ts';

/**
 * Issue 31, item 9: the same company added twice (its demo carrier, then the real keys of that fleet) went
 * unnoticed, and Compare and the Safety inbox counted its trucks twice. Adding a carrier whose company
 * profile (USDOT number) is an existing carrier's is refused, naming that carrier; the list keeps one.
 */
test("a carrier whose company profile is an existing carrier's is refused, naming it", async ({ page, shell }) => {
  const sim = await startSimulator({ now: () => Date.parse(E2E_NOW) });
  try {
    const company = sim.carriers[0]!;
    await openApp(page, shell);
    await page.getByTestId('explore-demo').click();
    const rows = page.getByTestId('carrier-row');
    await expect(rows).toHaveCount(3);
    const demoRow = page.locator(`[data-testid="carrier-row"][data-carrier-id="demo-${company.id}"]`);
    const demoLabel = (await demoRow.getByTestId('carrier-label').textContent())!.trim();
    await expect(demoRow.getByTestId('carrier-company-dot')).toHaveText(company.dotNumber);

    // The real API of the same fleet: its Provider Key, then its Company Key as a new carrier.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('provider-key-input').fill(sim.providerKey);
    await page.getByTestId('provider-base-url-input').fill(sim.baseUrl);
    await page.getByTestId('provider-key-save').click();
    await expect(page.getByTestId('provider-key-status')).toHaveAttribute('data-set', 'true');
    await page.getByTestId('nav-carriers').click();
    await page.getByTestId('add-carrier').click();
    await page.getByTestId('carrier-label-input').fill('Prairie Line (real keys)');
    await page.getByTestId('carrier-key-input').fill(company.companyKey);
    await page.getByTestId('carrier-add-submit').click();

    const form = page.getByTestId('add-carrier-form');
    await expect(form.getByTestId('error')).toHaveAttribute('data-kind', 'bad-request');
    await expect(form.getByTestId('error-message')).toHaveText(
      `This Company Key belongs to ${company.name} (USDOT ${company.dotNumber}), which is already added as "${demoLabel}". ` +
        `Adding it twice would count its trucks twice in Compare and the Safety inbox: remove the demo carrier "${demoLabel}" first to use your own keys.`,
    );
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('carrier-row').filter({ hasText: 'Prairie Line (real keys)' })).toHaveCount(0);
  } finally {
    await sim.close();
  }
});
