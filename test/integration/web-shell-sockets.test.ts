/**
 * Issue 32, 6: keep-alive sockets without the bridge token (any page the user
 * visits can open them to 127.0.0.1) neither stop the app's own calls nor
 * stay long. Over real loopback sockets: the full budget of tokenless
 * keep-alive sockets is held open, then the app's page calls the bridge (a
 * new connection) and is answered; the strangers close after the short idle
 * bound; the page's socket that carried the token stays.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { startWebShell, type RunningWebShell } from '../../electron/node/web-shell/server.ts';
import { createTestBackend } from '../support/test-backend.ts';

const MAX = 6;
const IDLE_MS = 600;

describe('sockets without the bridge token', () => {
  let dir: string;
  let backend: Backend;
  let shell: RunningWebShell;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-shell-budget-'));
    mkdirSync(path.join(dir, 'renderer'));
    writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>RouteLens</title>');
    backend = createTestBackend(dir);
    shell = await startWebShell({
      backend,
      rendererDir: path.join(dir, 'renderer'),
      limits: { maxConnections: MAX, untrustedIdleMs: IDLE_MS },
    });
  });
  afterAll(async () => {
    await shell.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A stranger's keep-alive socket: one complete request (a tokenless GET of the page), then silence. */
  const stranger = () =>
    new Promise<net.Socket>((resolve) => {
      const s = net.connect(Number(new URL(shell.origin).port), '127.0.0.1');
      s.on('error', () => undefined);
      s.setEncoding('latin1');
      let seen = '';
      s.on('data', (c: string) => {
        seen += c;
        if (seen.includes('</title>')) resolve(s);
      });
      s.write(`GET / HTTP/1.1\r\nHost: ${new URL(shell.origin).host}\r\nConnection: keep-alive\r\n\r\n`);
    });
  const closed = (s: net.Socket) =>
    new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve())));

  it("the app's call is answered while the whole budget of strangers is held, and they close after the short idle bound", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const strangers = await Promise.all(Array.from({ length: MAX }, stranger));
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${shell.origin}/api/app:getInfo`,
        {
          method: 'POST',
          agent,
          headers: { Origin: shell.origin, 'X-RouteLens-Token': shell.token, 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('[]');
    });
    expect(status).toBe(200);
    // Room was made by closing the longest idle stranger; the rest go once idle for IDLE_MS.
    await Promise.all(strangers.map(closed));
    expect(Date.now() - started).toBeLessThan(IDLE_MS + 2_000);
    // The page's socket carried the token: it is not a stranger and stays for the next call.
    const again = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${shell.origin}/api/app:getInfo`,
        {
          method: 'POST',
          agent,
          headers: { Origin: shell.origin, 'X-RouteLens-Token': shell.token, 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('[]');
    });
    expect(again).toBe(200);
    agent.destroy();
  });

  it('a bridge request with a wrong token is answered 403 and its socket closed', async () => {
    const answer = await new Promise<string>((resolve) => {
      const s = net.connect(Number(new URL(shell.origin).port), '127.0.0.1');
      let seen = '';
      s.setEncoding('latin1');
      s.on('data', (c: string) => (seen += c));
      s.on('close', () => resolve(seen));
      s.write(
        `POST /api/app:getInfo HTTP/1.1\r\nHost: ${new URL(shell.origin).host}\r\nOrigin: ${shell.origin}\r\nX-RouteLens-Token: nope\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n[]`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(answer).toMatch(/Connection: close/i);
  });
});
