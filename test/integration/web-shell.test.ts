import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/services/backend/backend.ts';
import { startWebShell, type RunningWebShell } from '../../electron/services/web-shell/server.ts';
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

describe('browser shell bridge', () => {
  let dir: string;
  let backend: Backend;
  let shell: RunningWebShell;
  const call = (channel: string, headers: Record<string, string>, body = '[]') =>
    request(`${shell.origin}/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

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
    const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('SELF', shell.origin).replace('TOKEN', shell.token)]));
    const res = await call('app:getInfo', h);
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('"ok":true');
  });

  it('refuses a rebinding attack: a foreign Host header (421)', async () => {
    const res = await call('app:getInfo', { Host: 'attacker.example:80', Origin: shell.origin, 'X-RouteLens-Token': shell.token });
    expect(res.status).toBe(421);
  });

  it('rejects unknown channels and malformed arguments with a readable reply', async () => {
    const auth = { Origin: shell.origin, 'X-RouteLens-Token': shell.token };
    expect(decodeBridge((await call('fs:readFile', auth)).body)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(decodeBridge((await call('carriers:rename', auth, '["demo-x"]')).body)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect((await call('app:getInfo', auth, 'not json')).status).toBe(400);
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
