// Against a real gnome-keyring: run under `bash scripts/with-keyring.sh npx vitest run <this file>`.
// secret-tool (libsecret) is the independent witness of what reached the keyring.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychain } from '../../electron/node/keychain/keychain.ts';
import type { Keychain } from '../../electron/node/keychain/keychain.ts';
import { resolveDataDir } from '../../electron/node/paths.ts';
import { createSettingsStore } from '../../electron/node/settings/store.ts';

function run(cmd: string, args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Why the suite cannot run here, or null when a Secret Service answers on the session bus. */
function whyNoSecretService(): string | null {
  if (process.platform !== 'linux') return 'Secret Service tests are Linux-only';
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return 'no D-Bus session bus (run under scripts/with-keyring.sh)';
  if (run('secret-tool', ['--version']).status === null)
    return 'secret-tool is not installed (apt install libsecret-tools)';
  const owner = run('dbus-send', [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner',
    'string:org.freedesktop.secrets',
  ]);
  if (!owner.stdout.includes('boolean true'))
    return 'no Secret Service on the session bus (run under scripts/with-keyring.sh)';
  return null;
}

const skipReason = whyNoSecretService();
if (skipReason) console.warn(`[keychain-secret-service] skipped: ${skipReason}`);

/** The username attribute of every item stored under this service, per secret-tool. */
function accountsIn(service: string): string[] {
  const r = run('secret-tool', ['search', '--all', '--unlock', 'service', service]);
  return [...(r.stdout + r.stderr).matchAll(/^attribute\.username = (.*)$/gm)].map((m) => m[1] as string).sort();
}

function lookup(service: string, account: string): string | null {
  const r = run('secret-tool', ['lookup', 'service', service, 'username', account]);
  return r.status === 0 ? r.stdout : null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const title = skipReason
  ? `keychain on a real Secret Service (skipped: ${skipReason})`
  : 'keychain on a real Secret Service';

describe.skipIf(skipReason !== null)(title, () => {
  const service = `RouteLens-test-${randomBytes(6).toString('hex')}`;
  const newKey = (prefix = ''): string => `${prefix}${randomBytes(24).toString('base64url')}`;
  const written: string[] = [];
  let dataDir: string;
  let kc: Keychain;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-keychain-data-'));
    kc = createKeychain({ service });
  });

  afterAll(async () => {
    run('secret-tool', ['clear', 'service', service]);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('reports the keychain available and leaves no probe entry behind', async () => {
    expect(await kc.status()).toEqual({ available: true });
    expect(accountsIn(service)).toEqual([]);
  });

  it('saves, replaces and deletes keys that secret-tool sees, and no file in the data dir holds them', async () => {
    const store = createSettingsStore({ dataDir: resolveDataDir({ ROUTELENS_DATA_DIR: dataDir }) });
    const carrier = await store.addCarrier({ label: 'Keyring Freight' });
    const demo = await store.addCarrier({ label: 'Demo', id: 'prairie-line', demo: true });
    await store.setProvider({ baseUrl: 'http://127.0.0.1:9' });

    const pk = newKey();
    const ck = newKey();
    const legacy = newKey('system-');
    written.push(pk, ck, legacy);
    await kc.setProviderKey(pk);
    await kc.setCompanyKey(carrier.id, `${ck}\n`);
    await kc.setCompanyKey(demo.id, legacy);

    expect(accountsIn(service)).toEqual([`company-key:${carrier.id}`, 'company-key:prairie-line', 'provider-key']);
    expect(lookup(service, 'provider-key')).toBe(pk);
    expect(lookup(service, `company-key:${carrier.id}`)).toBe(ck);
    expect(lookup(service, 'company-key:prairie-line')).toBe(legacy);

    expect(await kc.hasProviderKey()).toBe(true);
    expect(await kc.hasCompanyKey(carrier.id)).toBe(true);
    expect(await kc.hasCompanyKey(crypto.randomUUID())).toBe(false);
    expect(await kc.getCompanyKey(carrier.id)).toBe(ck);

    // Replacing updates the one item rather than adding a second.
    const ck2 = newKey();
    written.push(ck2);
    await kc.setCompanyKey(carrier.id, ck2);
    expect(lookup(service, `company-key:${carrier.id}`)).toBe(ck2);
    expect(accountsIn(service).filter((a) => a === `company-key:${carrier.id}`)).toHaveLength(1);
    expect(await kc.getCompanyKey(carrier.id)).toBe(ck2);

    expect(await kc.deleteCompanyKey(carrier.id)).toBe(true);
    expect(lookup(service, `company-key:${carrier.id}`)).toBeNull();
    expect(await kc.deleteCompanyKey(carrier.id)).toBe(false);
    expect(await kc.hasCompanyKey(carrier.id)).toBe(false);
    await store.removeCarrier(carrier.id);

    expect(await kc.deleteProviderKey()).toBe(true);
    expect(lookup(service, 'provider-key')).toBeNull();
    expect(accountsIn(service)).toEqual(['company-key:prairie-line']);

    const files = await filesUnder(dataDir);
    expect(files.map((f) => path.basename(f))).toContain('settings.json');
    for (const file of files) {
      const bytes = await fs.readFile(file);
      for (const key of written) {
        expect(bytes.indexOf(Buffer.from(key, 'utf8')), `${path.basename(file)} holds a key`).toBe(-1);
        expect(bytes.indexOf(Buffer.from(key, 'utf16le')), `${path.basename(file)} holds a key (UTF-16)`).toBe(-1);
      }
    }
  });

  it('reads an item that another libsecret client stored under the same attributes', async () => {
    const key = newKey();
    const r = run(
      'secret-tool',
      ['store', '--label=RouteLens test', 'service', service, 'username', 'company-key:from-secret-tool'],
      key,
    );
    expect(r.status).toBe(0);
    expect(await kc.getCompanyKey('from-secret-tool')).toBe(key);
    expect(await kc.hasCompanyKey('from-secret-tool')).toBe(true);
    expect(await kc.deleteCompanyKey('from-secret-tool')).toBe(true);
    expect(lookup(service, 'company-key:from-secret-tool')).toBeNull();
  });

  it('has* resolves booleans, not the key', async () => {
    const key = newKey();
    await kc.setProviderKey(key);
    const has = await kc.hasProviderKey();
    expect(has).toBe(true);
    expect(typeof has).toBe('boolean');
    await kc.deleteProviderKey();
    expect(await kc.hasProviderKey()).toBe(false);
  });
});
