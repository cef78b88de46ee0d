/**
 * First run on a machine with no keychain (no D-Bus session bus at all): one short sentence in the
 * header, a "How to fix" disclosure specific to Linux, the system's detail collapsed, and the demo
 * still one click away and working.
 */
import { expect, openApp, test } from './fixtures.ts';

test.use({ sessionBus: 'none' });

test('no keychain: one sentence, How to fix for Linux, detail collapsed; the demo still works in one click', async ({
  page,
  shell,
}, testInfo) => {
  await openApp(page, shell);
  const warning = page.getByTestId('keychain-warning');
  await expect(warning).toBeVisible();
  const sentence = (await page.getByTestId('keychain-warning-sentence').textContent())!;
  expect(sentence).toBe(
    'No keychain. API keys cannot be saved: RouteLens keeps them only in a Secret Service keychain over D-Bus, and none answered on this computer. Demo carriers still work.',
  );
  // The raw D-Bus text is not on screen until asked for.
  const help = page.getByTestId('keychain-warning-help');
  const detail = page.getByTestId('keychain-warning-detail');
  await expect(help).not.toHaveAttribute('open', '');
  await expect(page.getByText(/Failed to connect to socket/)).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('no-keychain-first-run.png') });

  await help.locator('summary').first().click();
  await expect(help).toContainText('Debian/Ubuntu: apt install gnome-keyring');
  await expect(help).toContainText('desktop session');
  await expect(detail).not.toHaveAttribute('open', '');
  await detail.locator('summary').click();
  await expect(detail.locator('code')).toContainText('/nonexistent/routelens-no-session-bus');
  await page.screenshot({ path: testInfo.outputPath('no-keychain-how-to-fix.png') });

  // Demo mode is still one click, and its carriers work without any key.
  await page.getByTestId('explore-demo').click();
  await expect(page.getByTestId('carrier-row')).toHaveCount(3);
  const carrierId = (await page.getByTestId('carrier-row').first().getAttribute('data-carrier-id'))!;
  await page.getByTestId(`nav-fleet-${carrierId}`).click();
  await expect(page.getByTestId('vehicle-row').first()).toBeVisible();

  // Settings says the same, with the same help.
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('keychain-reason')).toHaveText(
    sentence.replace(/^No keychain\. /, '').replace(/ Demo carriers still work\.$/, ''),
  );
  await expect(page.getByTestId('keychain-status-help')).toBeVisible();
});
