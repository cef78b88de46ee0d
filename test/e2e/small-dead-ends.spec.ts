import { expect, test } from './fixtures.ts';
import { openDownloads } from './harness/app.ts';

/**
 * Issue 31, item 9 (in part): demo carriers show their USDOT number from the start (the simulator's own
 * profile), and "add it in Settings" under the add-carrier form is a link that opens Settings.
 */
test('the vehicle list\'s time names its zone; demo carriers show a USDOT number; "add it in Settings" opens Settings', async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  // The vehicle list's time carries its zone (the carrier's home zone), as every time shown does.
  await expect(page.getByTestId('dl-roster-at')).toHaveText(
    /^List from \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (CST|EST|MST|PST|UTC)$/,
  );
  await page.getByTestId('nav-carriers').click();
  const rows = page.getByTestId('carrier-row');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row.getByTestId('carrier-company-dot')).toHaveText(/^\d{5,8}$/);

  // No Provider Key yet: the hint's "Settings" opens the Settings screen.
  await page.getByTestId('add-carrier').click();
  await expect(page.getByTestId('add-carrier-form')).toContainText('No Provider Key is set yet');
  await page.getByTestId('add-carrier-open-settings').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-page', 'settings');
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
});
