import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, htmlWithPolicy } from '../../../shared/ipc/csp.ts';
import { contentTypeOf } from './content-types.ts';
import { rendererPathOf } from './request-path.ts';

/**
 * The one way the built renderer is served, by Electron's app:// handler and by
 * the browser shell's HTTP server alike: the file named by the request path
 * (inside `root` only), its Content-Type, and the app's CSP on every response —
 * as a header, and in index.html's meta tag, since both policies apply. Never
 * throws: a path it cannot serve is a 400, 403 or 404, a read error a 500.
 * The policy is read per request, so a change of opt-in applies on the next load.
 *
 * Files are read whole: the largest is a few MB, and inside an asar archive
 * Electron reads a whole file in place, where a stream (fs.open) would first
 * copy the file out to a temporary one.
 */
export interface RendererFiles {
  /** The built renderer folder (electron-vite's out/renderer; inside app.asar when packaged). */
  root: string;
  /** The origins of the user's online-basemap opt-in (backend.cspOrigins); none means the strict default. */
  cspOrigins: () => Promise<readonly string[]>;
}

export interface RendererResponse {
  status: number;
  headers: Record<string, string>;
  /** null for HEAD. */
  body: Uint8Array | null;
}

/** The policy for the current opt-in; if the settings cannot be read it stays strict, never wider. */
export async function currentPolicy(cspOrigins: RendererFiles['cspOrigins']): Promise<string> {
  try {
    return contentSecurityPolicy(await cspOrigins());
  } catch {
    return CONTENT_SECURITY_POLICY;
  }
}

const ENTRY = 'index.html';

function headersFor(policy: string, contentType: string, noStore: boolean, length: number): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Length': String(length),
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    // Documents and scripts (a worker takes its CSP from its own response) must not be reused with an older policy.
    'Cache-Control': noStore ? 'no-store' : 'max-age=3600',
  };
}

function plain(status: number, message: string, policy: string, method: string): RendererResponse {
  const body = Buffer.from(message);
  return {
    status,
    headers: headersFor(policy, 'text/plain; charset=utf-8', true, body.length),
    body: method === 'HEAD' ? null : body,
  };
}

async function readInside(root: string, segments: readonly string[]): Promise<Buffer | null> {
  const file = path.join(root, ...segments);
  const rel = path.relative(root, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  // lstat: a symbolic link is not one of the build's files, wherever it points.
  const info = await lstat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return readFile(file);
}

export async function serveRendererFile(
  files: RendererFiles,
  method: string,
  pathname: string,
): Promise<RendererResponse> {
  const policy = await currentPolicy(files.cspOrigins);
  try {
    if (method !== 'GET' && method !== 'HEAD') return plain(405, 'GET only.', policy, method);
    const target = rendererPathOf(pathname);
    if (!target.ok) return plain(target.status, target.reason, policy, method);
    const bytes = await readInside(path.resolve(files.root), target.segments);
    if (!bytes) return plain(404, 'Not found.', policy, method);
    const name = target.segments.join('/');
    const ext = path.extname(name);
    const isEntry = name.toLowerCase() === ENTRY;
    // Both the header and the page's meta policy apply: the meta one carries the same origins.
    const body = isEntry ? Buffer.from(htmlWithPolicy(bytes.toString('utf8'), policy)) : bytes;
    const noStore = isEntry || ext === '.html' || ext === '.js' || ext === '.mjs';
    return {
      status: 200,
      headers: headersFor(policy, contentTypeOf(ext), noStore, body.length),
      body: method === 'HEAD' ? null : body,
    };
  } catch {
    return plain(500, 'The file could not be served.', policy, method);
  }
}
