/**
 * How the benchmarks launch Debian's Chromium. Headless Chromium is the whole browser without a window, and
 * it loads its address bar's popups at start (chrome://omnibox-popup.top-chrome/, and its AI-mode page: two
 * WebUI pages of about 1 s of CPU on two cores, run beside the app's own start). Electron has no address bar,
 * so a cold start in a benchmark turns them off; they cost the first Trip review 0.6-0.8 s here.
 * `--disable-features` is taken once (the last given wins), so the list is Playwright's own plus these two.
 */
import { chromium, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The browser's own pages a desktop app does not have. */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

let playwrights: Promise<string[]> | null = null;

/** The features Playwright's launch disables, read from a probe browser's command line (asked once). */
function playwrightDisabledFeatures(): Promise<string[]> {
  playwrights ??= (async () => {
    // The browser answers its command line only with --enable-automation, which the probe alone is given.
    const probe = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--enable-automation'],
    });
    try {
      const cdp = await probe.newBrowserCDPSession();
      const { arguments: args } = (await cdp.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
      const flag = args.findLast((a) => a.startsWith('--disable-features='));
      return flag ? flag.slice('--disable-features='.length).split(',').filter(Boolean) : [];
    } finally {
      await probe.close();
    }
  })();
  return playwrights;
}

/** `args` plus one `--disable-features` that keeps Playwright's list and turns the browser's own UI pages off. */
export async function benchChromiumArgs(args: readonly string[]): Promise<string[]> {
  const own = args.filter((a) => a.startsWith('--disable-features=')).flatMap((a) => a.split('=')[1]!.split(','));
  const features = [...new Set([...(await playwrightDisabledFeatures()), ...BROWSER_UI_FEATURES, ...own])];
  return [...args.filter((a) => !a.startsWith('--disable-features=')), `--disable-features=${features.join(',')}`];
}

/** Launch options for a benchmark's Chromium: its path and `args` as benchChromiumArgs gives them. */
export async function benchLaunch(args: readonly string[]): Promise<LaunchOptions> {
  return { executablePath: CHROMIUM_PATH, args: await benchChromiumArgs(args) };
}
