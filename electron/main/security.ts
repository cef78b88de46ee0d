import { app, session, shell, type WebContents } from 'electron';
import { currentPolicy, type RendererFiles } from '../node/renderer-files/serve.ts';

/**
 * Electron's security checklist, applied in one place: strict CSP on every
 * response, navigation and new windows denied, permissions denied, and
 * external links opened only when allow-listed.
 */

const EXTERNAL_LINK_HOSTS = new Set<string>([]);

export function isAllowedExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && EXTERNAL_LINK_HOSTS.has(u.hostname);
  } catch {
    return false;
  }
}

/**
 * The app's own pages (app://) carry their CSP from the serving function, as
 * header and meta tag. This header covers http(s) responses: the dev server's
 * pages and workers in `npm start`, and, as a backstop, anything else the
 * session receives (in the packaged app only the online basemap's style and
 * tiles, where a CSP is inert).
 */
export function hardenSession(cspOrigins: RendererFiles['cspOrigins']): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    void currentPolicy(cspOrigins).then((policy) =>
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
      }),
    );
  });
  // Everything is refused except durable storage: the offline store must not be evicted under disk pressure.
  ses.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'persistent-storage'));
  ses.setPermissionCheckHandler((_wc, permission) => permission === 'persistent-storage');
}

export function hardenContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
