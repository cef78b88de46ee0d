/**
 * A connection that fails says which way it failed, so the user knows what to fix: nothing listening
 * (the port), no such host (the name), no answer (network or firewall), TLS (certificate or not https).
 * Real sockets over loopback: a closed port, a server that accepts and never answers, a plain-HTTP
 * server asked for https, and a TLS server with a self-signed certificate made by openssl here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/client.ts';
import { NetworkError } from '../../electron/node/api/errors.ts';

const PROVIDER = 'pk_live_network_errors_0001';
const COMPANY = 'ck_network_errors_0002';
const noWaitLimiter = {
  acquire: async () => undefined,
  penalize: () => undefined,
  snapshot: () => ({ tokens: 1, waiting: 0, pausedForMs: 0 }),
};

async function failure(
  baseUrl: string,
  extra: { firstByteTimeoutMs?: number; maxRetries?: number; sleep?: () => Promise<void> } = {},
): Promise<NetworkError> {
  const c = createApiClient({
    baseUrl,
    providerKey: PROVIDER,
    companyKey: COMPANY,
    limiter: noWaitLimiter,
    maxRetries: 0,
    sleep: async () => undefined,
    ...extra,
  });
  try {
    await c.companyInfo();
  } catch (e) {
    expect(e).toBeInstanceOf(NetworkError);
    const err = e as NetworkError;
    expect(err.message).not.toContain(PROVIDER);
    expect(err.message).not.toContain(COMPANY);
    return err;
  }
  throw new Error('expected the call to fail');
}

const listen = <S extends Server | TlsServer | TcpServer>(server: S) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server | TlsServer | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('network failures say what to check', () => {
  let dir: string;
  let plain: Server;
  let plainPort: number;
  let tls: TlsServer;
  let tlsPort: number;
  let silent: TcpServer;
  let silentPort: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    plain = createHttpServer((_q, res) => res.end('{}'));
    plainPort = await listen(plain);
    tls = createTlsServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (_q, res) => res.end('{}'),
    );
    tlsPort = await listen(tls);
    silent = createTcpServer((s) => sockets.push(s));
    silentPort = await listen(silent);
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    plain.closeAllConnections();
    tls.closeAllConnections();
    await Promise.all([close(plain), close(tls), close(silent)]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('nothing listening: refused, check the host and port', async () => {
    const probe = createTcpServer();
    const port = await listen(probe);
    await close(probe);
    const e = await failure(`http://127.0.0.1:${port}`);
    expect(e.reason).toBe('refused');
    expect(e.message).toContain('connection refused');
    expect(e.message).toContain('check the base URL (host and port)');
    expect(e.message).not.toContain('check the network connection');
  });

  it("a port fetch never connects to (the Fetch standard's blocked ports, e.g. 9): check the base URL", async () => {
    let waits = 0;
    const e = await failure('http://127.0.0.1:9', { maxRetries: 3, sleep: async () => void waits++ });
    expect(e.reason).toBe('bad-port');
    // Never tried again: no connection is ever made to that port.
    expect(waits).toBe(0);
    expect(e.message).toContain('blocked port');
    expect(e.message).toContain('check the base URL (host and port)');
    expect(e.message).not.toContain('check the network connection');
  });

  it('no such host: check the name', async () => {
    const e = await failure('http://routelens-no-such-host.invalid');
    expect(e.reason).toBe('unknown-host');
    expect(e.message).toContain('no such host name');
  });

  it('a server that accepts and never answers: not answering, check the network or a firewall', async () => {
    const e = await failure(`http://127.0.0.1:${silentPort}`, { firstByteTimeoutMs: 500 });
    expect(e.reason).toBe('timeout');
    expect(e.message).toContain('did not answer in time');
  });

  it('https to a server that speaks plain HTTP: the secure connection failed', async () => {
    const e = await failure(`https://127.0.0.1:${plainPort}`);
    expect(e.reason).toBe('tls');
    expect(e.message).toMatch(/secure connection failed: \S+/);
    expect(e.message).toContain('does not speak https on that port');
  });

  it('https with a self-signed certificate: the secure connection failed, the code named', async () => {
    const e = await failure(`https://localhost:${tlsPort}`);
    expect(e.reason).toBe('tls');
    expect(e.message).toMatch(/secure connection failed: (DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)/);
    expect(e.message).toContain('certificate is not trusted');
  });
});
