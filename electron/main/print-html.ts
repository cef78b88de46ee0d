import { BrowserWindow, session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Prints an audit report (one self-contained HTML page, shared/report) to PDF
 * with Electron's printToPDF, the desktop app's twin of the CLI's Chromium
 * print. The page gets a hidden window in a session of its own: no preload,
 * sandboxed, JavaScript off, and every request refused except the page's own
 * temporary file, so nothing in a report (a carrier name, a place) can reach
 * anything. Page numbers come from the page's CSS margin boxes.
 */
const PARTITION = 'routelens-audit-report';
const allowed = new Set<string>();
let hardened = false;

function reportSession(): Electron.Session {
  const ses = session.fromPartition(PARTITION);
  if (!hardened) {
    ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !allowed.has(details.url) }));
    ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    hardened = true;
  }
  return ses;
}

export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'routelens-report-'));
  const file = join(dir, 'report.html');
  const url = pathToFileURL(file).href;
  const win = new BrowserWindow({
    show: false,
    webPreferences: { session: reportSession(), sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, webSecurity: true, spellcheck: false, webviewTag: false },
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  try {
    await writeFile(file, html, 'utf8');
    allowed.add(url);
    await win.loadURL(url);
    return await win.webContents.printToPDF({ pageSize: 'Letter', printBackground: true, preferCSSPageSize: true });
  } finally {
    allowed.delete(url);
    win.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
