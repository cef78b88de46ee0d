import { app, net, protocol, session, shell, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, htmlWithPolicy } from '../../shared/ipc/csp.ts';

/**
 * Electron's security checklist, applied in one place: strict CSP on every
 * response, navigation and new windows denied, permissions denied, and
 * external links opened only when allow-listed.
 */
export { CONTENT_SECURITY_POLICY };

const EXTERNAL_LINK_HOSTS = new Set<string>([]);

export function isAllowedExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && EXTERNAL_LINK_HOSTS.has(u.hostname);
  } catch {
    return false;
  }
}

/** The extra origins of the user's online-basemap opt-in (backend.cspOrigins); none means the strict default. */
export type CspOrigins = () => Promise<readonly string[]>;

async function currentPolicy(origins: CspOrigins): Promise<string> {
  try {
    return contentSecurityPolicy(await origins());
  } catch {
    return CONTENT_SECURITY_POLICY;
  }
}

export function hardenSession(origins: CspOrigins): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    void currentPolicy(origins).then((policy) =>
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
      }),
    );
  });
  // Everything is refused except durable storage: the offline store must not be evicted under disk pressure.
  ses.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'persistent-storage'));
  ses.setPermissionCheckHandler((_wc, permission) => permission === 'persistent-storage');
}

/**
 * The page's meta CSP applies on top of the header: for the online-basemap
 * opt-in to work, the app's index.html is served with its meta tag carrying the
 * same policy. Every other file:// request passes through untouched. If this
 * were not in place the meta tag on disk (the strict default) would still win:
 * a failure here can only keep the policy strict, never widen it.
 */
export function servePolicyInAppHtml(appFileUrl: string, origins: CspOrigins): void {
  protocol.handle('file', async (request) => {
    const res = await net.fetch(request, { bypassCustomProtocolHandlers: true });
    if (request.url.split(/[?#]/)[0] !== appFileUrl || !res.ok) return res;
    const html = htmlWithPolicy(await res.text(), await currentPolicy(origins));
    return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  });
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
