import type { CustomScheme } from 'electron';
import { serveRendererFile, type RendererFiles } from '../node/renderer-files/serve.ts';

/**
 * The origin the packaged app's pages come from, and its scheme's privileges.
 * A standard, secure scheme gives the renderer a real origin (a page from the
 * file scheme has the opaque origin "null", which blocks module scripts,
 * module workers and fetch of the app's own files under the
 * grantFileProtocolExtraPrivileges fuse), so IndexedDB, OPFS and the CSP's
 * 'self' all mean app://routelens. Kept free of Electron values (types only)
 * so the unit tests can drive it with fakes.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'routelens';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: {
    // Relative URLs resolve, and the scheme has a host, an origin and web storage (IndexedDB is off for non-standard schemes).
    standard: true,
    // A secure context: OPFS (the kept .pmtiles), navigator.storage.persist() and crypto.subtle require one.
    secure: true,
    // The renderer fetch()es the basemap's JSON from its own origin.
    supportFetchAPI: true,
    // V8 code cache for the ~4 MB of scripts: a faster start after the first (needs standard).
    codeCache: true,
    // Left off on purpose: bypassCSP (the app's own CSP must apply), corsEnabled (no other origin may read app://),
    // allowServiceWorkers (none), stream (only <video>/<audio> use it; the app has neither).
  },
};

/**
 * Whether `url` belongs to the app: the dev server's origin in `npm start`,
 * else exactly app://routelens (no user, no port, no other host). Node's URL
 * gives non-special schemes the origin "null", so app:// is compared by parts.
 */
export function isAppUrl(url: string, devUrl?: string): boolean {
  const u = URL.parse(url);
  if (!u) return false;
  if (devUrl) return u.origin !== 'null' && u.origin === URL.parse(devUrl)?.origin;
  return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '';
}

/** The page a window opens: the dev server in `npm start`, else the app's own origin; never a file on disk. */
export function rendererEntryUrl(devUrl?: string): string {
  return devUrl ?? APP_ENTRY_URL;
}

/** The part of BrowserWindow this needs: loading by URL only (there is no loadFile path). */
export interface UrlLoader {
  loadURL(url: string): Promise<void>;
}

export function loadRenderer(win: UrlLoader, devUrl?: string): Promise<void> {
  return win.loadURL(rendererEntryUrl(devUrl));
}

/**
 * protocol.handle('app', …): the request's path through the shared serving
 * function, its result as a Response. Another host under app:// is refused
 * like a malformed path (400).
 */
export async function appProtocolResponse(request: Request, files: RendererFiles): Promise<Response> {
  const url = URL.parse(request.url);
  const pathname = url && isAppUrl(url.href) ? url.pathname : null;
  const file = await serveRendererFile(files, request.method, pathname ?? '');
  return new Response(file.body, { status: file.status, headers: file.headers });
}
