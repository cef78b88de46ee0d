import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { startWebShell, type RunningWebShell } from '../../electron/node/web-shell/server.ts';
import { createTestBackend } from '../support/test-backend.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Ask {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Written one by one with no Content-Length (chunked), unless headers declare one. */
  chunks?: string[];
  /** Send the head only and wait for the answer without ever finishing the body. */
  headOnly?: boolean;
}

/** Raw HTTP on a keep-alive socket of its own, so the test controls Host, Origin and the body framing exactly. */
function ask(origin: string, q: Ask): Promise<Answer> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: q.method ?? 'GET', path: q.path, headers: q.headers, agent },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (q.headOnly) return void req.flushHeaders();
    for (const c of q.chunks ?? []) req.write(c);
    req.end();
  }).finally(() => agent.destroy());
}

/** Sends bytes exactly as given and resolves with everything received once the shell closes the socket. */
function untilClosed(origin: string, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(origin).port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (answer += c));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}

const TEXT_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
const JSON_HEADERS = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function freePort(): Promise<number> {
  const probe = net.createServer();
  return new Promise((resolve) =>
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    }),
  );
}

describe('browser shell edges', () => {
  let dir: string;
  let rendererDir: string;
  let backend: Backend;
  let shell: RunningWebShell;
  let server: http.Server;
  let small: RunningWebShell;
  let failing: RunningWebShell;
  const others: RunningWebShell[] = [];
  const auth = () => ({ Origin: shell.origin, 'X-RouteLens-Token': shell.token });
  const bridge = (s: RunningWebShell, q: Omit<Ask, 'path' | 'method'>, channel = 'app:getInfo') =>
    ask(s.origin, {
      ...q,
      method: 'POST',
      path: `/api/${channel}`,
      headers: { Origin: s.origin, 'X-RouteLens-Token': s.token, 'Content-Type': 'application/json', ...q.headers },
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-shell-edges-'));
    rendererDir = path.join(dir, 'renderer');
    mkdirSync(rendererDir);
    backend = createTestBackend(dir);
    const listen = vi.spyOn(net.Server.prototype, 'listen');
    shell = await startWebShell({ backend, rendererDir });
    server = listen.mock.contexts[0] as http.Server;
    listen.mockRestore();
    small = await startWebShell({
      backend,
      rendererDir,
      limits: { maxBodyBytes: 64, headersTimeoutMs: 5000, requestTimeoutMs: 5000, timeoutCheckMs: 100 },
    });
    const broken: Backend = {
      ...backend,
      handlers: {
        ...backend.handlers,
        'app:getInfo': () => Promise.reject(new Error('handler failed')),
      },
      publicError: () => {
        throw new Error('the error mapper failed too');
      },
    };
    failing = await startWebShell({ backend: broken, rendererDir });
  });
  afterAll(async () => {
    for (const s of [shell, small, failing, ...others]) await s.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only, on a free port when none is given', () => {
    expect(server.address()).toEqual({
      address: '127.0.0.1',
      family: 'IPv4',
      port: Number(new URL(shell.origin).port),
    });
  });

  it('applies the default socket bounds to the server it starts', () => {
    expect(server.headersTimeout).toBe(15_000);
    expect(server.requestTimeout).toBe(60_000);
    expect(server.keepAliveTimeout).toBe(120_000);
    expect(server.timeout).toBe(150_000);
    expect(server.maxConnections).toBe(64 + 16);
  });

  it('tells a keep-alive client the 120 s idle bound (Keep-Alive: timeout=120)', async () => {
    const res = await bridge(shell, { chunks: ['[]'] });
    expect(res.status).toBe(200);
    expect(res.headers['connection']).toBe('keep-alive');
    expect(res.headers['keep-alive']).toBe('timeout=120');
  });

  it('listens on the port it is given', async () => {
    const port = await freePort();
    const fixed = await startWebShell({ backend, rendererDir, port });
    others.push(fixed);
    expect(fixed.origin).toBe(`http://127.0.0.1:${port}`);
    expect((await bridge(fixed, { chunks: ['[]'] })).status).toBe(200);
  });

  it('rejects the start with the listen error when the port is taken', async () => {
    const port = Number(new URL(shell.origin).port);
    await expect(startWebShell({ backend, rendererDir, port })).rejects.toMatchObject({ code: 'EADDRINUSE', port });
  });

  it.each([
    ['a foreign Host', 421, 'Wrong host.', 'POST', '/api/app:getInfo', { Host: 'attacker.example' }],
    ['an unreadable target', 400, 'The request target could not be read.', 'GET', '/%', {}],
    ['a GET on the bridge, even with origin and token', 405, 'POST only.', 'GET', '/api/app:getInfo', 'AUTH'],
  ] as const)('answers %s with %i and a plain-text reason, never cached', async (_n, status, body, method, path, h) => {
    const res = await ask(shell.origin, { method, path, headers: h === 'AUTH' ? auth() : { ...h } });
    expect({ status: res.status, body: res.body }).toEqual({ status, body });
    expect(res.headers).toMatchObject(TEXT_HEADERS);
  });

  it.each([
    ['another Origin', 403, 'Cross-origin requests are refused.', { Origin: 'http://evil.example' }],
    ['an empty Origin', 403, 'Cross-origin requests are refused.', { Origin: '' }],
    ['a wrong token', 403, 'Missing or wrong bridge token.', { 'X-RouteLens-Token': 'x'.repeat(32) }],
    ['Content-Type text/plain', 415, 'JSON only.', { 'Content-Type': 'text/plain' }],
    ['an empty Content-Type', 415, 'JSON only.', { 'Content-Type': '' }],
    ['application/json only as a parameter', 415, 'JSON only.', { 'Content-Type': 'text/plain; x=application/json' }],
  ] as const)(
    'refuses a bridge POST with %s (%i) in plain text, never cached',
    async (_name, status, body, headers) => {
      const res = await bridge(shell, { headers: { ...headers }, chunks: ['[]'] });
      expect({ status: res.status, body: res.body }).toEqual({ status, body });
      expect(res.headers).toMatchObject(TEXT_HEADERS);
    },
  );

  it('takes application/json with a charset parameter', async () => {
    const res = await bridge(shell, { headers: { 'Content-Type': 'application/json; charset=utf-8' }, chunks: ['[]'] });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, result: { name: 'RouteLens', shell: 'browser-shell' } });
  });

  it('answers a bridge reply, a refused channel and a non-JSON body as uncached, unsniffed JSON', async () => {
    const ok = await bridge(shell, { chunks: ['[]'] });
    expect(ok.status).toBe(200);
    expect(ok.headers).toMatchObject(JSON_HEADERS);
    const unknown = await bridge(shell, { chunks: ['[]'] }, 'fs:readFile');
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 200,
      body: '{"ok":false,"error":{"kind":"bad-request","message":"Unknown channel."}}',
    });
    expect(unknown.headers).toMatchObject(JSON_HEADERS);
    const notJson = await bridge(shell, { chunks: ['not json'] });
    expect({ status: notJson.status, body: notJson.body }).toEqual({
      status: 400,
      body: '{"ok":false,"error":{"kind":"bad-request","message":"The request body is not JSON."}}',
    });
    expect(notJson.headers).toMatchObject(JSON_HEADERS);
  });

  it('answers 500 with a JSON bridge error when handling a request throws, and keeps serving', async () => {
    const res = await bridge(failing, { chunks: ['[]'] });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 500,
      body: '{"ok":false,"error":{"kind":"other","message":"The request could not be handled."}}',
    });
    expect(res.headers).toMatchObject(JSON_HEADERS);
    expect((await bridge(failing, { chunks: ['[]'] })).status).toBe(500);
  });

  describe('body limit (64 bytes)', () => {
    const AT_LIMIT = `[${' '.repeat(62)}]`;
    const OVER_LIMIT = `[${' '.repeat(63)}]`;
    const TOO_LARGE = {
      status: 413,
      body: '{"ok":false,"error":{"kind":"bad-request","message":"The request is larger than 64 bytes."}}',
    };

    it('takes a body whose declared Content-Length is exactly the limit', async () => {
      expect(AT_LIMIT.length).toBe(64);
      const res = await bridge(small, { headers: { 'Content-Length': '64' }, chunks: [AT_LIMIT] });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ ok: true, result: { name: 'RouteLens' } });
    });

    it('refuses a declared Content-Length one byte over the limit with 413 JSON and Connection: close', async () => {
      expect(OVER_LIMIT.length).toBe(65);
      const res = await bridge(small, { headers: { 'Content-Length': '65' }, chunks: [OVER_LIMIT] });
      expect({ status: res.status, body: res.body }).toEqual(TOO_LARGE);
      expect(res.headers).toMatchObject({ ...JSON_HEADERS, connection: 'close' });
    });

    it('refuses a declared Content-Length over the limit before any of the body arrives', async () => {
      const res = await bridge(small, { headers: { 'Content-Length': '65' }, headOnly: true });
      expect({ status: res.status, body: res.body }).toEqual(TOO_LARGE);
    });

    it('takes a streamed (chunked) body of exactly the limit', async () => {
      const res = await bridge(small, { chunks: [AT_LIMIT.slice(0, 30), AT_LIMIT.slice(30)] });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ ok: true, result: { name: 'RouteLens' } });
    });

    it('refuses a streamed (chunked) body one byte over the limit with 413 JSON and Connection: close', async () => {
      const res = await bridge(small, { chunks: [OVER_LIMIT.slice(0, 40), OVER_LIMIT.slice(40)] });
      expect({ status: res.status, body: res.body }).toEqual(TOO_LARGE);
      expect(res.headers).toMatchObject({ ...JSON_HEADERS, connection: 'close' });
    });

    it('closes the socket itself after a 413, though the client asked to keep it', async () => {
      const host = new URL(small.origin).host;
      const answer = await untilClosed(
        small.origin,
        `POST /api/app:getInfo HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${small.origin}\r\nX-RouteLens-Token: ${small.token}\r\n` +
          `Content-Type: application/json\r\nConnection: keep-alive\r\nContent-Length: 65\r\n\r\n${OVER_LIMIT}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(answer).toContain('\r\nConnection: close\r\n');
    });
  });
});
