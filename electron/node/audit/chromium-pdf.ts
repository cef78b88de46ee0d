import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { errorText } from '../../../shared/util/error-text.ts';

/**
 * Prints an HTML document to PDF in a headless Chromium driven by
 * playwright-core: the CLI's and the browser shell's way to print the audit
 * report (Electron prints the same document with printToPDF). The Chromium
 * is ROUTELENS_CHROMIUM, else /usr/bin/chromium (Debian's `chromium`
 * package); playwright's own browser download is never used. The page runs
 * with JavaScript off and every network request refused: the report is
 * self-contained, and a carrier name must never reach anything. Chromium's
 * sandbox is off (--no-sandbox) because it cannot start as root or in many
 * containers, which is acceptable only because of the two rules above.
 */
export class PdfPrinterUnavailable extends Error {
  override name = 'PdfPrinterUnavailable';
}

export type PdfPrinter = (html: string) => Promise<Uint8Array>;

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The Chromium to use, or a one-sentence error saying how to provide one. */
export function chromiumPath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env['ROUTELENS_CHROMIUM']?.trim();
  const candidate = configured || DEFAULT_CHROMIUM;
  if (!existsSync(candidate)) {
    throw new PdfPrinterUnavailable(
      configured
        ? `ROUTELENS_CHROMIUM points to ${configured}, which does not exist; set it to a Chromium or Chrome executable to print the report.`
        : `No Chromium found at ${DEFAULT_CHROMIUM}; install Chromium (Debian/Ubuntu: apt install chromium) or set ROUTELENS_CHROMIUM to a Chromium or Chrome executable to print the report.`,
    );
  }
  return candidate;
}

/** A printer bound to one Chromium; `close` ends the browser it started (it starts on first use). */
export function createChromiumPdfPrinter(env: Readonly<Record<string, string | undefined>> = process.env): {
  print: PdfPrinter;
  close(): Promise<void>;
} {
  const executablePath = chromiumPath(env);
  let browser: Promise<Browser> | null = null;
  const launch = async (): Promise<Browser> => {
    let playwright: { chromium: { launch(options: object): Promise<Browser> } };
    try {
      // Loaded on first print only: every other command runs without it.
      playwright = await import('playwright-core');
    } catch {
      throw new PdfPrinterUnavailable(
        'The report needs the playwright-core package (npm install playwright-core) to drive Chromium.',
      );
    }
    try {
      return await playwright.chromium.launch({
        executablePath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    } catch (err) {
      throw new PdfPrinterUnavailable(`Chromium (${executablePath}) did not start: ${errorText(err).split('\n')[0]}`);
    }
  };
  return {
    async print(html) {
      browser ??= launch();
      const context = await (await browser).newContext({ javaScriptEnabled: false, offline: true });
      try {
        const page = await context.newPage();
        await page.route('**/*', (route) => route.abort());
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({ preferCSSPageSize: true, printBackground: true });
      } finally {
        await context.close();
      }
    },
    async close() {
      const b = browser;
      browser = null;
      if (b) await (await b.catch(() => null))?.close();
    },
  };
}
