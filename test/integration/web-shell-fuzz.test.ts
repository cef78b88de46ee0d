import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBridge } from '../../shared/ipc/codec.ts';
import { createMalformedRequests, type FuzzRequest } from '../support/malformed-http.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED = 20_261_120;
const REQUESTS = 5_000;
const PARALLEL = 16;
/** The shell's resident memory after the run must be under this (measured: ~100 MB before and ~110 MB after; Node and tsx are most of it). */
const RSS_BOUND_MB = 256;

/** Resident memory of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/**
 * Sends one request on its own socket. A request whose framing is sound is
 * answered in full (it asks for Connection: close); any other is followed by
 * a half-close, which makes the shell finish with it at once. Resolves with
 * the status line's code, or 0 when the shell closed without answering.
 */
function exchange(port: number, req: FuzzRequest): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const parts: Buffer[] = [];
    socket.on('data', (c: Buffer) => parts.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () =>
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(parts).toString('latin1'))?.[1] ?? 0)),
    );
    socket.write(req.bytes);
    if (!req.framed) socket.end();
  });
}

/**
 * A bounded fuzz of the real browser shell process over loopback: thousands
 * of malformed requests from a seeded generator, sent as raw bytes so broken
 * request lines really reach the parser. The shell must never answer 5xx,
 * never exit, answer a normal request afterwards and stay under a memory bound.
 */
describe('browser shell under a seeded fuzz of malformed requests', () => {
  let child: ChildProcess;
  let origin: string;
  let token: string;
  let dataDir: string;
  let exitCode: number | null | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-fuzz-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'electron/node/web-shell/main.ts', '--port', '0'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ROUTELENS_DATA_DIR: dataDir,
        ROUTELENS_KEYCHAIN_SERVICE: `RouteLens-fuzz-${randomBytes(6).toString('hex')}`,
        ROUTELENS_DEMO_NOW: '2026-11-20T15:00:00Z',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.once('exit', (code) => (exitCode = code));
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`web shell exited early (${code})`)));
    });
    const url = new URL((JSON.parse(line) as { url: string }).url);
    origin = url.origin;
    token = new URLSearchParams(url.hash.slice(1)).get('token')!;
  });
  afterAll(async () => {
    if (child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const getInfo = () =>
    fetch(`${origin}/api/app:getInfo`, {
      method: 'POST',
      headers: { Origin: origin, 'X-RouteLens-Token': token, 'Content-Type': 'application/json' },
      body: '[]',
    });

  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) with 4xx or a plain reply, never 5xx, and stays up and within ${RSS_BOUND_MB} MB`, async () => {
    const port = Number(new URL(origin).port);
    const rssBefore = rssMb(child.pid!);
    const next = createMalformedRequests(SEED, { host: new URL(origin).host, origin, token });
    const requests = Array.from({ length: REQUESTS }, next);
    const statuses = new Map<number, number>();
    let sent = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (sent < requests.length) {
          const status = await exchange(port, requests[sent++]!);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seen = [...statuses.keys()].sort((a, b) => a - b);
    console.log(`fuzz statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(
      seen.filter((s) => s >= 500),
      `statuses seen: ${JSON.stringify(Object.fromEntries(statuses))}`,
    ).toEqual([]);
    // The generator must reach far into the shell, not only its front door.
    expect(seen).toEqual(expect.arrayContaining([200, 400, 403, 404, 405, 413, 415, 421, 431]));
    expect(exitCode).toBeUndefined();

    const res = await getInfo();
    expect(res.status).toBe(200);
    expect(decodeBridge(await res.text())).toMatchObject({ ok: true, result: { name: 'RouteLens' } });
    const rss = rssMb(child.pid!);
    console.log(`fuzz: ${REQUESTS} requests; shell RSS ${rssBefore.toFixed(0)} MB before, ${rss.toFixed(0)} MB after`);
    expect(rss).toBeLessThan(RSS_BOUND_MB);
  });
});
