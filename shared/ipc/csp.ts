/**
 * The renderer's Content Security Policy, sent by the Electron session and by
 * the browser shell alike: only our own scripts, no eval, no remote content.
 * `connect-src 'self'` lets the browser shell's bridge reach its own origin;
 * blob: serves the workers and MapLibre's images. The only way to widen it is
 * the user's opt-in to an online basemap style: exactly the origins that style
 * needs are added to connect-src and img-src, nothing wholesale.
 */

/** More origins than any sensible basemap style needs (style, TileJSON, tiles, glyphs, sprite). */
export const MAX_EXTRA_ORIGINS = 16;

/** https with a host, or http on loopback only (a local tile server); a bare origin, no path. */
const ORIGIN =
  /^(?:https:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(?::\d{1,5})?$/;

export function isCspOrigin(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 300 && ORIGIN.test(value);
}

/**
 * The policy with `extraOrigins` allowed for fetches and images. Anything that
 * is not a plain allowed origin is dropped (never a wildcard or a scheme), and
 * at most MAX_EXTRA_ORIGINS are kept.
 */
export function contentSecurityPolicy(extraOrigins: readonly string[] = []): string {
  const extra = [...new Set(extraOrigins.filter(isCspOrigin))].sort().slice(0, MAX_EXTRA_ORIGINS);
  const more = extra.length > 0 ? ` ${extra.join(' ')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${more}`,
    "font-src 'self' data:",
    `connect-src 'self'${more}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The default policy: no online basemap chosen. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** A policy as a <meta> tag may carry it (browsers ignore, and warn about, frame-ancestors there). */
export function metaPolicy(policy: string): string {
  return policy
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
}

const META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/i;

/**
 * index.html with its CSP meta tag set to `policy`: both the header and the
 * meta policy apply, so the meta one must carry the same opt-in. A page
 * without the tag is returned as it is (the header policy still applies).
 */
export function htmlWithPolicy(html: string, policy: string): string {
  return html.replace(META, () => `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(policy)}" />`);
}
