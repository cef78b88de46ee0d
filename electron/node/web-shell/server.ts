import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { decodeBridge, encodeBridge } from '../../../shared/ipc/codec.ts';
import { NODE_BASE64 } from './node-base64.ts';
import type { Backend } from '../backend/backend.ts';
import { formatBytes } from '../api/read-capped.ts';
import { dispatch } from '../backend/dispatch.ts';
import { serveRendererFile, type RendererFiles } from '../renderer-files/serve.ts';
import {
  applySocketLimits,
  readBody,
  requestPathOf,
  serverOptions,
  SHELL_LIMITS,
  type ShellLimits,
  UPLOAD_CHANNELS,
} from './request-guards.ts';
import { applySocketBudget } from './socket-budget.ts';

/**
 * The browser shell: the same renderer and the same backend as the Electron
 * app, joined by an HTTP bridge on 127.0.0.1, for machines without an Electron
 * runtime and for the e2e tests. The bridge answers only requests that carry
 * this run's random token, come from this origin (Origin) and name this host
 * (Host, against DNS rebinding).
 */
export interface WebShellOptions {
  backend: Backend;
  /** Built renderer (electron-vite's out/renderer). */
  rendererDir: string;
  /** Default 0 (a free port). Keep one fixed port for data to persist: IndexedDB belongs to the origin. */
  port?: number;
  token?: string;
  /** Tests shorten the socket bounds. */
  limits?: Partial<ShellLimits>;
}

export interface RunningWebShell {
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

function sendJson(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

/** A bridge failure in the reply shape the renderer already reads. */
function sendBridgeError(res: http.ServerResponse, status: number, kind: string, message: string): void {
  sendJson(res, status, encodeBridge({ ok: false, error: { kind, message } }, NODE_BASE64));
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startWebShell(opts: WebShellOptions): Promise<RunningWebShell> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  // The same serving function as Electron's app:// handler: one code path, exercised by the e2e suite.
  const files: RendererFiles = { root: path.resolve(opts.rendererDir), cspOrigins: () => opts.backend.cspOrigins() };
  const limits: ShellLimits = { ...SHELL_LIMITS, ...opts.limits };
  let origin = '';
  let host = '';

  const server = http.createServer(serverOptions(limits), (req, res) => {
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      if (res.headersSent) return void res.end();
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(body);
    };
    // Whatever a handler throws is answered here: no request can take the shell down.
    handleRequest(req, res, send).catch(() => {
      if (!res.headersSent) sendBridgeError(res, 500, 'other', 'The request could not be handled.');
      else res.destroy();
    });
  });

  const budget = applySocketBudget(server, {
    maxUntrusted: limits.maxConnections,
    maxTrusted: limits.maxTrustedConnections,
    untrustedIdleMs: limits.untrustedIdleMs,
  });

  async function handleRequest(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    send: (s: number, b: string, t?: string) => void,
  ): Promise<void> {
    if (req.headers.host !== host) return send(421, 'Wrong host.');
    const target = requestPathOf(req.url);
    if (!target) return send(400, 'The request target could not be read.');

    if (target.pathname.startsWith('/api/')) return handleBridge(req, res, target.decoded.slice(5), send);

    // Never rejects: every failure is already a status (405 for other methods included).
    const file = await serveRendererFile(files, req.method ?? '', target.pathname);
    res.writeHead(file.status, file.headers);
    res.end(file.body ?? undefined);
  }

  async function handleBridge(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    channel: string,
    send: (s: number, b: string) => void,
  ): Promise<void> {
    if (req.method !== 'POST') return send(405, 'POST only.');
    if (req.headers.origin !== origin) return send(403, 'Cross-origin requests are refused.');
    const given = req.headers['x-routelens-token'];
    if (typeof given !== 'string' || !sameToken(given, token)) {
      // Refused callers do not keep a socket open.
      res.shouldKeepAlive = false;
      return send(403, 'Missing or wrong bridge token.');
    }
    budget.trust(req.socket);
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(415, 'JSON only.');
    const maxBytes = UPLOAD_CHANNELS.has(channel) ? limits.maxUploadBodyBytes : limits.maxBodyBytes;
    const body = await readBody(req, maxBytes);
    if (body === 'too-large') {
      // Not read any further: the socket closes once this answer is out.
      res.shouldKeepAlive = false;
      return sendBridgeError(res, 413, 'bad-request', `The request is larger than ${formatBytes(maxBytes)}.`);
    }
    let args: unknown;
    try {
      args = decodeBridge(body.toString('utf8'), NODE_BASE64);
    } catch {
      return sendBridgeError(res, 400, 'bad-request', 'The request body is not JSON.');
    }
    const reply = await dispatch(opts.backend, channel, args, true);
    sendJson(res, 200, encodeBridge(reply, NODE_BASE64));
  }

  applySocketLimits(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
