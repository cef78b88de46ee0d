/**
 * The renderer's Content Security Policy, sent by the Electron session and by
 * the browser shell alike: only our own scripts, no eval, no remote content.
 * `connect-src 'self'` lets the browser shell's bridge reach its own origin;
 * blob: serves the workers and MapLibre's images.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
