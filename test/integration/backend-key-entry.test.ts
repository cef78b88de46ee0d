// Keys tested before they are saved, against the simulator over loopback, stored in a real Secret Service
// (run under `bash scripts/with-keyring.sh`); secret-tool is the independent witness of what reached the keyring.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { createKeychain, type Keychain } from '../../electron/node/keychain/index.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import type { CarrierView, KeyEntry, KeysStatus, ConnectionTest } from '../../shared/domain/carrier.ts';
import type { KeyTest } from '../../shared/domain/key-test.ts';
import { encodeBridge } from '../../shared/ipc/codec.ts';
import type { IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import { createTestBackend } from '../support/test-backend.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const service = `RouteLens-key-entry-${randomBytes(6).toString('hex')}`;
const status = await createKeychain({ service }).status();
if (!status.available) console.warn(`[backend-key-entry] skipped: no Secret Service (${status.reason ?? ''})`);

function lookup(account: string): string | null {
  const r = spawnSync('secret-tool', ['lookup', 'service', service, 'username', account], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

const listen = (server: TcpServer | TlsServer | HttpServer) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: TcpServer | TlsServer | HttpServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

describe.skipIf(!status.available)('keys tested on entry, saved only when the test passed', () => {
  let clock = NOW;
  let dataDir: string;
  let certDir: string;
  let keychain: Keychain;
  let backend: Backend;
  let sim: RunningSimulator;
  let closedPort: number;
  let silent: TcpServer;
  let silentPort: number;
  let tls: TlsServer;
  let tlsPort: number;
  let forbidding: HttpServer;
  let forbiddingPort: number;
  const sockets: Socket[] = [];
  const replies: string[] = [];
  const wrongProvider = `pk-wrong-${randomBytes(8).toString('hex')}`;
  const wrongCompany = `ck-wrong-${randomBytes(8).toString('hex')}`;
  const iso = () => new Date(clock).toISOString();

  const newBackend = () =>
    createTestBackend(dataDir, { keychain, now: () => clock, keyCheck: { maxRetries: 0, firstByteTimeoutMs: 700 } });
  async function ok<T>(channel: IpcChannel, ...args: unknown[]): Promise<T> {
    const reply = (await dispatch(backend, channel, args, true)) as IpcReply<T>;
    replies.push(encodeBridge(reply));
    if (!reply.ok) throw new Error(`${channel} failed: ${reply.error.message}`);
    return reply.result;
  }
  const settingsFile = () => JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8'));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-key-entry-'));
    certDir = mkdtempSync(path.join(tmpdir(), 'routelens-key-entry-tls-'));
    keychain = createKeychain({ service });
    backend = newBackend();
    sim = await startSimulator({ now: () => NOW });
    const probe = createTcpServer();
    closedPort = await listen(probe);
    await close(probe);
    silent = createTcpServer((s) => sockets.push(s));
    silentPort = await listen(silent);
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
        ...['-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    tls = createTlsServer(
      { key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(path.join(certDir, 'cert.pem')) },
      (_q, res) => res.end('{}'),
    );
    tlsPort = await listen(tls);
    // A gateway that knows the Provider Key and refuses it.
    forbidding = createHttpServer((_q, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status_code: 403, description: 'Provider not allowed', data: null }));
    });
    forbiddingPort = await listen(forbidding);
  });
  afterAll(async () => {
    await backend.close();
    await sim.close();
    for (const s of sockets) s.destroy();
    tls.closeAllConnections();
    forbidding.closeAllConnections();
    await Promise.all([close(silent), close(tls), close(forbidding)]);
    spawnSync('secret-tool', ['clear', 'service', service]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(certDir, { recursive: true, force: true });
  });

  it('a wrong Provider Key, or an address where it cannot be tested, saves nothing and says why', async () => {
    const cases: [string, string, Partial<KeyTest>, string][] = [
      [wrongProvider, sim.baseUrl, { reason: 'provider-key', status: 401 }, 'The API rejected the Provider Key (401'],
      [sim.providerKey, `http://127.0.0.1:${closedPort}`, { reason: 'refused' }, 'check the base URL (host and port)'],
      [
        sim.providerKey,
        `http://127.0.0.1:${forbiddingPort}`,
        { reason: 'provider-key', status: 403 },
        'The API rejected the Provider Key (403: Provider not allowed)',
      ],
      [sim.providerKey, 'http://127.0.0.1:9', { reason: 'bad-port' }, 'check the base URL (host and port)'],
      [sim.providerKey, 'http://routelens-key-entry.invalid', { reason: 'unknown-host' }, 'no such host name'],
      [sim.providerKey, `http://127.0.0.1:${silentPort}`, { reason: 'timeout' }, 'did not answer in time'],
      [sim.providerKey, `https://localhost:${tlsPort}`, { reason: 'tls' }, 'certificate is not trusted'],
    ];
    for (const [key, url, test, words] of cases) {
      const entry = await ok<KeyEntry<KeysStatus>>('keys:testAndSetProviderKey', key, url);
      expect(entry.saved, url).toBe(false);
      if (entry.saved) continue;
      expect(entry.test).toEqual({ result: 'failed', status: null, at: iso(), ...test });
      expect(entry.failure.message).toContain(words);
      expect(entry.failure.kind).toBe(test.reason === 'provider-key' ? 'provider-key' : 'unreachable');
    }
    expect(lookup('provider-key')).toBeNull();
    const status = await ok<KeysStatus>('keys:getStatus');
    expect(status).toMatchObject({ providerKeySet: false, providerBaseUrl: null, providerLastTest: null });
  });

  it('the right Provider Key is saved with its base URL and the passed test', async () => {
    clock += 60_000;
    const entry = await ok<KeyEntry<KeysStatus>>('keys:testAndSetProviderKey', sim.providerKey, sim.baseUrl);
    expect(entry.saved).toBe(true);
    const passed = { result: 'ok', reason: 'ok', status: null, at: iso() };
    expect(entry.saved && entry.value).toMatchObject({
      providerKeySet: true,
      providerBaseUrl: sim.baseUrl,
      providerLastTest: passed,
    });
    expect(lookup('provider-key')).toBe(sim.providerKey);
    expect(settingsFile().provider.lastTest).toEqual(passed);
  });

  it('a new carrier with a wrong Company Key is not added; "Save anyway" adds it, recorded as untested', async () => {
    clock += 60_000;
    const input = { label: 'Entry Freight', companyKey: wrongCompany, baseUrl: null };
    const entry = await ok<KeyEntry<CarrierView>>('carriers:testAndAdd', input);
    expect(entry.saved).toBe(false);
    expect(!entry.saved && entry.test).toEqual({ result: 'failed', reason: 'company-key', status: 401, at: iso() });
    expect(!entry.saved && entry.failure.kind).toBe('company-key');
    expect(await ok<CarrierView[]>('carriers:list')).toEqual([]);
    expect(settingsFile().carriers).toEqual([]);

    const saved = await ok<CarrierView>('carriers:add', input);
    expect(saved.lastTest).toEqual({ result: 'untested', reason: 'untested', status: null, at: iso() });
    expect(lookup(`company-key:${saved.id}`)).toBe(wrongCompany);
  });

  it('replacing it: a wrong key leaves the stored one and its badge; the right one is saved with the company', async () => {
    const [carrier] = await ok<CarrierView[]>('carriers:list');
    const before = carrier!.lastTest;
    clock += 60_000;
    const wrong = await ok<KeyEntry<CarrierView>>('keys:testAndSetCompanyKey', carrier!.id, `${wrongCompany}-2`);
    expect(wrong.saved).toBe(false);
    expect(lookup(`company-key:${carrier!.id}`)).toBe(wrongCompany);
    expect((await ok<CarrierView[]>('carriers:list'))[0]!.lastTest).toEqual(before);

    clock += 60_000;
    const right = sim.carriers[1]!;
    const entry = await ok<KeyEntry<CarrierView>>('keys:testAndSetCompanyKey', carrier!.id, right.companyKey);
    expect(entry.saved).toBe(true);
    if (!entry.saved) return;
    expect(entry.value.lastTest).toEqual({ result: 'ok', reason: 'ok', status: null, at: iso() });
    expect(entry.value.company).toMatchObject({ name: right.name, dotNumber: right.dotNumber });
    expect(lookup(`company-key:${carrier!.id}`)).toBe(right.companyKey);
  });

  it('Test connection records its result, which a restarted backend reads back', async () => {
    const [carrier] = await ok<CarrierView[]>('carriers:list');
    await ok('keys:setCompanyKey', carrier!.id, wrongCompany);
    clock += 60_000;
    const test = await ok<ConnectionTest>('carriers:testConnection', carrier!.id);
    expect(test.ok).toBe(false);
    const failed = { result: 'failed', reason: 'company-key', status: 401, at: iso() };
    expect(settingsFile().carriers[0].lastTest).toEqual(failed);

    await backend.close();
    backend = newBackend();
    expect((await ok<CarrierView[]>('carriers:list'))[0]!.lastTest).toEqual(failed);
    expect((await ok<KeysStatus>('keys:getStatus')).providerLastTest).toMatchObject({ result: 'ok' });

    await ok('keys:deleteCompanyKey', carrier!.id);
    expect((await ok<CarrierView[]>('carriers:list'))[0]!.lastTest).toBeNull();
  });

  it("moving the provider's address forgets the tests made at the old one", async () => {
    const [carrier] = await ok<CarrierView[]>('carriers:list');
    await ok('carriers:testConnection', carrier!.id);
    expect((await ok<CarrierView[]>('carriers:list'))[0]!.lastTest).not.toBeNull();
    await ok('settings:setProviderBaseUrl', sim.baseUrl.replace('127.0.0.1', 'localhost'));
    expect((await ok<CarrierView[]>('carriers:list'))[0]!.lastTest).toBeNull();
    expect((await ok<KeysStatus>('keys:getStatus')).providerLastTest).toBeNull();
  });

  it('no key in any reply or file', () => {
    const keys = [sim.providerKey, wrongProvider, wrongCompany, ...sim.carriers.map((c) => c.companyKey)];
    expect(replies.length).toBeGreaterThan(10);
    for (const text of replies) for (const k of keys) expect(text).not.toContain(k);
    for (const f of readdirSync(dataDir)) {
      const text = readFileSync(path.join(dataDir, f), 'latin1');
      for (const k of keys) expect(text.includes(k), f).toBe(false);
    }
  });
});
