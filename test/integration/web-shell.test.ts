import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { startWebShell, type RunningWebShell } from '../../electron/node/web-shell/server.ts';
import { decodeBridge } from '../../shared/ipc/codec.ts';
import { createTestBackend } from '../support/test-backend.ts';

/** Raw HTTP, so the test controls Host and Origin exactly as an attacker could. */
function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Sends bytes exactly as given (no client library tidies them) and resolves with everything the shell answered before closing. */
function rawExchange(origin: string, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(origin).port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => {
      answer += c;
      // One complete answer is enough: the shell may keep the socket for the next request.
      if (/\r\n\r\n/.test(answer) && /(Content-Length: (\d+)|0\r\n\r\n$)/.test(answer)) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('browser shell bridge', () => {
  let dir: string;
  let backend: Backend;
  let shell: RunningWebShell;
  const call = (channel: string, headers: Record<string, string>, body = '[]') =>
    request(`${shell.origin}/api/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-shell-'));
    const renderer = path.join(dir, 'renderer');
    mkdirSync(renderer);
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>RouteLens</title>');
    writeFileSync(path.join(dir, 'secret.txt'), 'outside the app');
    backend = createTestBackend(dir);
    shell = await startWebShell({ backend, rendererDir: renderer, port: 0 });
  });
  afterAll(async () => {
    await shell.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a URL on 127.0.0.1 whose fragment carries the token', () => {
    expect(shell.url).toBe(`${shell.origin}/#token=${shell.token}`);
    expect(shell.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(shell.token.length).toBeGreaterThanOrEqual(32);
  });

  it('answers a same-origin request with the token', async () => {
    const res = await call('app:getInfo', { Origin: shell.origin, 'X-RouteLens-Token': shell.token });
    expect(res.status).toBe(200);
    expect(decodeBridge(res.body)).toMatchObject({ ok: true, result: { name: 'RouteLens', shell: 'browser-shell' } });
  });

  it.each([
    ['no token', { Origin: 'SELF' }],
    ['a wrong token', { Origin: 'SELF', 'X-RouteLens-Token': 'x'.repeat(32) }],
    ['another origin', { Origin: 'http://evil.example', 'X-RouteLens-Token': 'TOKEN' }],
    ['no origin', { 'X-RouteLens-Token': 'TOKEN' }],
  ])('refuses a request with %s (403)', async (_name, headers) => {
    const h = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replace('SELF', shell.origin).replace('TOKEN', shell.token)]),
    );
    const res = await call('app:getInfo', h);
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('"ok":true');
  });

  it('compares the whole token: one character off anywhere, a prefix or an extension is refused (403)', async () => {
    const t = shell.token;
    /** A base64url character that is not the one at i. */
    const swap = (i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    const variants = {
      'first character off': swap(0),
      'ninth character off': swap(8),
      'middle character off': swap(Math.floor(t.length / 2)),
      'last character off': swap(t.length - 1),
      'first 8 characters': t.slice(0, 8),
      'all but the last character': t.slice(0, -1),
      'one character more': `${t}A`,
      'the token twice': t + t,
      empty: '',
    };
    for (const [name, token] of Object.entries(variants)) {
      expect(token, name).not.toBe(t);
      const res = await call('app:getInfo', { Origin: shell.origin, 'X-RouteLens-Token': token });
      expect(res.status, name).toBe(403);
      expect(res.body, name).not.toContain('"ok":true');
    }
    // and the exact token still passes, so the refusals are about the token alone
    expect((await call('app:getInfo', { Origin: shell.origin, 'X-RouteLens-Token': t })).status).toBe(200);
  });

  it('refuses a rebinding attack: a foreign Host header (421)', async () => {
    const res = await call('app:getInfo', {
      Host: 'attacker.example:80',
      Origin: shell.origin,
      'X-RouteLens-Token': shell.token,
    });
    expect(res.status).toBe(421);
  });

  it('rejects unknown channels and malformed arguments with a readable reply', async () => {
    const auth = { Origin: shell.origin, 'X-RouteLens-Token': shell.token };
    expect(decodeBridge((await call('fs:readFile', auth)).body)).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect(decodeBridge((await call('carriers:rename', auth, '["demo-x"]')).body)).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect((await call('app:getInfo', auth, 'not json')).status).toBe(400);
  });

  it('answers a request target no URL parser can read with 400, and keeps serving (the <img src="http://127.0.0.1:5217//["> attack)', async () => {
    const host = new URL(shell.origin).host;
    for (const target of ['//[', '//[::1', '/%E0%A4%A', '/%', '/%00', '/a%0d%0ab', '*', 'http://evil.example/']) {
      const status = statusOf(await rawExchange(shell.origin, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`));
      expect(status, target).toBeGreaterThanOrEqual(400);
      expect(status, target).toBeLessThan(500);
    }
    expect((await call('app:getInfo', { Origin: shell.origin, 'X-RouteLens-Token': shell.token })).status).toBe(200);
  });

  it('answers a bridge channel with a broken escape (POST /api/%E0%A4%A, with the token) with 400, and keeps serving', async () => {
    const host = new URL(shell.origin).host;
    for (const target of ['/api/%E0%A4%A', '/api/%', '/api/app:getInfo%', '/api/%C0%AF']) {
      const answer = await rawExchange(
        shell.origin,
        `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${shell.origin}\r\nX-RouteLens-Token: ${shell.token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]`,
      );
      expect(statusOf(answer), target).toBe(400);
    }
    expect((await call('app:getInfo', { Origin: shell.origin, 'X-RouteLens-Token': shell.token })).status).toBe(200);
  });

  it('answers an oversized bridge body with 413 and a readable JSON error (not a connection reset)', async () => {
    const body = `["${'x'.repeat(3 * 1024 * 1024)}"]`;
    const res = await fetch(`${shell.origin}/api/app:getInfo`, {
      method: 'POST',
      headers: { Origin: shell.origin, 'X-RouteLens-Token': shell.token, 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(decodeBridge(await res.text())).toEqual({
      ok: false,
      error: { kind: 'bad-request', message: 'The request is larger than 2 MB.' },
    });
    expect((await call('app:getInfo', { Origin: shell.origin, 'X-RouteLens-Token': shell.token })).status).toBe(200);
  });

  it('serves the renderer with a strict CSP and nothing outside it', async () => {
    const page = await request(`${shell.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    for (const probe of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const res = await request(`${shell.origin}${probe}`);
      expect(res.status === 403 || res.status === 404).toBe(true);
      expect(res.body).not.toContain('outside the app');
    }
  });
});

describe('browser shell sockets: header timeout and connection cap', () => {
  let dir: string;
  let backend: Backend;
  let shell: RunningWebShell;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-shell-sockets-'));
    mkdirSync(path.join(dir, 'renderer'));
    writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>RouteLens</title>');
    backend = createTestBackend(dir);
    shell = await startWebShell({
      backend,
      rendererDir: path.join(dir, 'renderer'),
      limits: { headersTimeoutMs: 300, timeoutCheckMs: 100, maxConnections: 4 },
    });
  });
  afterAll(async () => {
    await shell.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const connect = () =>
    new Promise<net.Socket>((resolve) => {
      const s = net.connect(Number(new URL(shell.origin).port), '127.0.0.1', () => resolve(s));
      s.on('error', () => undefined);
      // Flowing, so the shell's answer and its close are seen.
      s.resume();
    });
  const closed = (s: net.Socket) =>
    new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve())));

  it('closes a socket that never finishes its request headers (408)', async () => {
    const silent = await connect();
    const trickle = await connect();
    trickle.write('GET / HTTP/1.1\r\nHost: ');
    await Promise.all([closed(silent), closed(trickle)]);
  });

  it('holds at most maxConnections sockets without the token: a new one closes the longest idle of them', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, connect));
    const extra = await connect();
    await closed(held[0]!);
    expect(extra.destroyed).toBe(false);
    for (const s of [...held, extra]) s.destroy();
    await expect.poll(async () => (await fetch(`${shell.origin}/`).catch(() => null))?.status).toBe(200);
  });
});
