/** A tiny scripted HTTP server on 127.0.0.1 for client unit tests. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type ApiClientOptions } from '../../electron/node/api/client.ts';

export interface SeenRequest {
  url: string;
  headers: IncomingMessage['headers'];
}

export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

export interface FakeServer {
  baseUrl: string;
  seen: SeenRequest[];
  handle(h: Handler): void;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  let handler: Handler = (_req, res) => json(res, 200, { description: 'success', data: null });
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res, seen.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    handle(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Sends the head and half of the body, then kills the socket. */
export function resetMidBody(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
}

/** A limiter that never waits: these tests are about the client, not the rate. */
export const noWait = {
  acquire: async () => undefined,
  penalize: () => undefined,
  snapshot: () => ({ tokens: 1, waiting: 0, pausedForMs: 0 }),
};

/** A client of `srv` with these keys that neither waits nor retries unless `over` says so. */
export function fakeClient(
  srv: FakeServer,
  providerKey: string,
  companyKey: string,
  over: Partial<ApiClientOptions> = {},
) {
  return createApiClient({
    baseUrl: srv.baseUrl,
    providerKey,
    companyKey,
    limiter: noWait,
    maxRetries: 0,
    sleep: async () => undefined,
    ...over,
  });
}

/** The error `p` rejects with; a `p` that resolves fails the test. */
export async function failure(p: Promise<unknown>): Promise<Error & { kind?: string }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { kind?: string };
  }
  throw new Error('expected a failure');
}
