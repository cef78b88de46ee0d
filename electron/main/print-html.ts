import { randomUUID } from 'node:crypto';
import { BrowserWindow, session } from 'electron';

/**
 * Prints an audit report (one self-contained HTML page, shared/report) to PDF
 * with Electron's printToPDF, the desktop app's twin of the CLI's Chromium
 * print. The page gets a hidden window in a session of its own, served from
 * memory by that session's own scheme (no temporary file: the app never
 * loads pages from the file scheme): no preload, sandboxed, JavaScript off,
 * and every request but the page itself refused, so nothing in a report (a
 * carrier name, a place) can reach anything. Page numbers come from the
 * page's CSS margin boxes.
 */
const PARTITION = 'routelens-audit-report';
const SCHEME = 'routelens-report';
const pages = new Map<string, string>();
let reportSession: Electron.Session | null = null;

function sessionForReports(): Electron.Session {
  if (reportSession) return reportSession;
  const ses = session.fromPartition(PARTITION);
  ses.protocol.handle(SCHEME, (request) => {
    const html = pages.get(request.url);
    return html === undefined
      ? new Response('Not found', { status: 404 })
      : new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  });
  ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !pages.has(details.url) }));
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  reportSession = ses;
  return ses;
}

export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const url = `${SCHEME}:${randomUUID()}`;
  const win = new BrowserWindow({
    show: false,
    webPreferences: {
      session: sessionForReports(),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      spellcheck: false,
      webviewTag: false,
    },
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  pages.set(url, html);
  try {
    await win.webContents.loadURL(url);
    return await win.webContents.printToPDF({ pageSize: 'Letter', printBackground: true, preferCSSPageSize: true });
  } finally {
    pages.delete(url);
    win.destroy();
  }
}
