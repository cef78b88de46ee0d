/**
 * Which file of the built renderer a request path names, decided before the
 * file system is touched. The path is the URL's pathname as received (still
 * %-encoded); nothing in it can make this throw. Only names the build emits
 * pass: letters, digits and `_ @ + - .` (no leading or trailing dot), so dot
 * segments, separators (`/` `\` encoded or not), NUL, drive letters and
 * stream names (`:`) never reach `path.join`.
 */
export type RendererPath = { ok: true; segments: string[] } | { ok: false; status: 400 | 403 | 404; reason: string };

/** Far longer than any path the build emits; longer ones are refused before any decoding. */
export const MAX_PATH_LENGTH = 1024;

const NAME = /^[A-Za-z0-9_@+-](?:[A-Za-z0-9._@+-]*[A-Za-z0-9_@+-])?$/;

/** A path separator of any platform, NUL or another control character: never part of a file name we serve. */
function hasSeparatorOrControl(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x2f || c === 0x5c) return true;
  }
  return false;
}

const refuse = (status: 400 | 403 | 404, reason: string): RendererPath => ({ ok: false, status, reason });

function decodeSegment(raw: string): string | null {
  try {
    // Throws on a malformed escape and on bytes that are not UTF-8 (overlong forms such as %c0%ae included).
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export function rendererPathOf(pathname: string): RendererPath {
  if (typeof pathname !== 'string' || pathname.length === 0 || pathname.length > MAX_PATH_LENGTH)
    return refuse(400, 'Not a path this app serves.');
  if (!pathname.startsWith('/')) return refuse(400, 'Not a path this app serves.');
  if (pathname === '/') return { ok: true, segments: ['index.html'] };
  const segments: string[] = [];
  for (const raw of pathname.slice(1).split('/')) {
    const name = decodeSegment(raw);
    if (name === null) return refuse(400, 'Malformed %-escape in the path.');
    if (name === '.' || name === '..' || hasSeparatorOrControl(name)) return refuse(403, 'Outside the app.');
    if (!NAME.test(name)) return refuse(404, 'Not found.');
    segments.push(name);
  }
  return { ok: true, segments };
}
