import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { decodeBridge, encodeBridge } from '../../../shared/ipc/codec.ts';
import type { Backend } from '../backend/backend.ts';
import { dispatch } from '../backend/dispatch.ts';
import { serveRendererFile, type RendererFiles } from '../renderer-files/serve.ts';

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
}

export interface RunningWebShell {
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY = 2 * 1024 * 1024;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startWebShell(opts: WebShellOptions): Promise<RunningWebShell> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  // The same serving function as Electron's app:// handler: one code path, exercised by the e2e suite.
  const files: RendererFiles = { root: path.resolve(opts.rendererDir), cspOrigins: () => opts.backend.cspOrigins() };
  let origin = '';
  let host = '';

  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(body);
    };
    if (req.headers.host !== host) return send(421, 'Wrong host.');
    const url = new URL(req.url ?? '/', origin);

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return send(405, 'POST only.');
      if (req.headers.origin !== origin) return send(403, 'Cross-origin requests are refused.');
      const given = req.headers['x-routelens-token'];
      if (typeof given !== 'string' || !sameToken(given, token)) return send(403, 'Missing or wrong bridge token.');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(415, 'JSON only.');
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => {
        void (async () => {
          let args: unknown;
          try {
            args = decodeBridge(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return send(400, encodeBridge({ ok: false, error: { kind: 'bad-request', message: 'The request body is not JSON.' } }), 'application/json');
          }
          const reply = await dispatch(opts.backend, decodeURIComponent(url.pathname.slice(5)), args, true);
          send(200, encodeBridge(reply), 'application/json');
        })();
      });
      return;
    }

    // Never rejects: every failure is already a status.
    void serveRendererFile(files, req.method ?? '', url.pathname).then((file) => {
      res.writeHead(file.status, file.headers);
      res.end(file.body ?? undefined);
    });
  });

  // Keep idle sockets longer than the browser does: a socket the server closes just as the
  // browser reuses it fails a POST outright ("Failed to fetch"), and POSTs are never retried.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
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
