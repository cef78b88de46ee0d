import type http from 'node:http';

/**
 * The browser shell's request-level bounds. Any web page the user visits can
 * reach 127.0.0.1, so everything here assumes a hostile caller: a request the
 * shell cannot read is a 4xx, never an exception, and no caller can hold more
 * than a bounded share of sockets, memory or time.
 */
export interface ShellLimits {
  /** Largest bridge request body; more is answered 413. */
  maxBodyBytes: number;
  /** Largest body of the channels that carry a file (UPLOAD_CHANNELS), only once the token is checked. */
  maxUploadBodyBytes: number;
  /** A client must have sent its request headers within this (Node's headersTimeout; answered 408). */
  headersTimeoutMs: number;
  /** A client must have sent its whole request (headers and body) within this (Node's requestTimeout; 408). */
  requestTimeoutMs: number;
  /**
   * An idle keep-alive socket is closed after this. Longer than the browser keeps
   * idle sockets: a socket the server closes just as the browser reuses it fails
   * a POST outright ("Failed to fetch"), and POSTs are never retried.
   */
  keepAliveTimeoutMs: number;
  /** Any socket with no traffic either way for this long is closed (backstop for slow readers). */
  socketIdleMs: number;
  /**
   * Sockets that have not carried a request with the token (web-shell/socket-budget.ts), at most; a new
   * connection beyond it closes the longest-idle of them (or itself, when every one is mid-request).
   */
  maxConnections: number;
  /** Sockets that carried a request with the token, at most (a real tab uses ≤ 6); more stay untrusted. */
  maxTrustedConnections: number;
  /** A socket without the token is closed after this long without a request. */
  untrustedIdleMs: number;
  /** How often Node checks the header and request timeouts. */
  timeoutCheckMs: number;
}

export const SHELL_LIMITS: ShellLimits = {
  maxBodyBytes: 2 * 1024 * 1024,
  // An 8 MiB piece of an extract is 11.2 MB in base64; a 5 MB zones file's JSON escapes stay below it.
  maxUploadBodyBytes: 12 * 1024 * 1024,
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 120_000,
  socketIdleMs: 150_000,
  maxConnections: 64,
  maxTrustedConnections: 16,
  untrustedIdleMs: 10_000,
  timeoutCheckMs: 5_000,
};

/** The channels that carry a file's content (ROAD_IPC_LIMITS.pieceBytes, ZONE_FILE_LIMITS.maxChars). */
export const UPLOAD_CHANNELS: ReadonlySet<string> = new Set(['roads:importWrite', 'zones:set']);

/** Largest request head (request line and headers) Node parses; more is answered 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Applies the socket bounds; the server must have been created with `serverOptions`. */
export function applySocketLimits(server: http.Server, limits: ShellLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.timeout = limits.socketIdleMs;
  // A backstop only: the socket budget keeps each kind within its own bound first.
  server.maxConnections = limits.maxConnections + limits.maxTrustedConnections;
}

export function serverOptions(limits: ShellLimits): http.ServerOptions {
  return {
    maxHeaderSize: MAX_HEADER_BYTES,
    connectionsCheckingInterval: limits.timeoutCheckMs,
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path of a request target, or null when it cannot be read: only
 * origin-form targets ("/…"), whose percent-escapes decode to text without
 * control characters. Parsed against a fixed origin by concatenation (never as
 * a relative reference), so "//host/x" stays a path and "//[" is not a URL
 * authority that throws.
 */
export function requestPathOf(rawTarget: string | undefined): { pathname: string; decoded: string } | null {
  if (rawTarget === undefined || !rawTarget.startsWith('/')) return null;
  let pathname: string;
  try {
    pathname = new URL(`http://shell.invalid${rawTarget}`).pathname;
  } catch {
    return null;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return CONTROL.test(decoded) ? null : { pathname, decoded };
}

/** The request body, or 'too-large' as soon as it passes `limit` (the rest is not kept). */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= limit) return void chunks.push(c);
      req.off('data', onData);
      chunks.length = 0;
      resolve('too-large');
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
