// Saving a key where no keychain answers must fail loudly and write nothing anywhere.
// Each case runs the real services in a child node whose D-Bus session is broken.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const keychainModule = path.join(root, 'electron/node/keychain/index.ts');
const settingsModule = path.join(root, 'electron/node/settings/index.ts');

interface Outcome {
  error: { name: string; unavailable: boolean; message: string } | null;
}
interface ChildReport {
  provider: Outcome;
  company: Outcome;
  status: { available: boolean; reason?: string };
  carrierId: string;
}

// The key reaches the child through the environment, the way no real key ever
// would, so that neither argv nor the script text carries it.
const CHILD = `
import { createKeychain, KeychainUnavailableError } from ${JSON.stringify(keychainModule)};
import { createSettingsStore } from ${JSON.stringify(settingsModule)};
const outcome = async (op) => {
  try { await op(); return { error: null }; }
  catch (e) { return { error: { name: e.name, unavailable: e instanceof KeychainUnavailableError, message: e.message } }; }
};
const store = createSettingsStore();
const carrier = await store.addCarrier({ label: 'No Keychain Freight' });
const kc = createKeychain();
const report = {
  provider: await outcome(() => kc.setProviderKey(process.env.TEST_KEY)),
  company: await outcome(() => kc.setCompanyKey(carrier.id, process.env.TEST_KEY)),
  status: await kc.status(),
  carrierId: carrier.id,
};
process.stdout.write(JSON.stringify(report));
`;

function runChild(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Items under `service` in the caller's Secret Service, or null when there is none to ask. */
function itemsInRealKeyring(service: string): number | null {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return null;
  const r = spawnSync('secret-tool', ['search', '--all', 'service', service], { encoding: 'utf8', timeout: 20_000 });
  if (r.error || r.status === null) return null;
  return [...`${r.stdout}${r.stderr}`.matchAll(/^attribute\.service = /gm)].length;
}

// A bus with no service directories, so nothing can provide org.freedesktop.secrets.
const EMPTY_BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${os.tmpdir()}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`;

describe.skipIf(process.platform !== 'linux')('saving a key with no Secret Service', () => {
  let tmp: string;
  let emptyBus: ChildProcess | null = null;
  let emptyBusAddress: string | null = null;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rl-nokeychain-'));
    const config = path.join(tmp, 'empty-bus.conf');
    await fs.writeFile(config, EMPTY_BUS_CONFIG);
    const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    emptyBus = bus;
    emptyBusAddress = await new Promise<string | null>((resolve) => {
      let out = '';
      bus.on('error', () => resolve(null));
      bus.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0] ?? null);
      });
    });
  });

  afterAll(async () => {
    const bus = emptyBus;
    if (bus?.pid !== undefined && bus.exitCode === null && bus.signalCode === null) {
      // Waiting for the exit lets node reap it, so no zombie outlives the run.
      const exited = new Promise((resolve) => bus.once('exit', resolve));
      bus.kill();
      await exited;
    }
    await fs.rm(tmp, { recursive: true, force: true });
  });

  const cases: Array<[string, () => string | null, RegExp]> = [
    ['no session bus (socket missing)', () => 'unix:path=/nonexistent', /Failed to connect to socket \/nonexistent/],
    ['a session bus without a Secret Service provider', () => emptyBusAddress, /org\.freedesktop\.secrets/],
  ];

  it.each(cases)(
    '%s: KeychainUnavailableError with install advice, nothing written',
    async (_name, address, detail) => {
      const busAddress = address();
      expect(busAddress, 'dbus-daemon could not be started for this case').toBeTruthy();
      const dataDir = await fs.mkdtemp(path.join(tmp, 'data-'));
      const service = `RouteLens-test-${randomBytes(6).toString('hex')}`;
      const key = randomBytes(24).toString('base64url');

      const { code, stdout, stderr } = await runChild({
        DBUS_SESSION_BUS_ADDRESS: busAddress as string,
        ROUTELENS_DATA_DIR: dataDir,
        ROUTELENS_KEYCHAIN_SERVICE: service,
        TEST_KEY: key,
      });
      expect(code, stderr).toBe(0);
      const report = JSON.parse(stdout) as ChildReport;

      for (const outcome of [report.provider, report.company]) {
        expect(outcome.error).not.toBeNull();
        expect(outcome.error?.name).toBe('KeychainUnavailableError');
        expect(outcome.error?.unavailable).toBe(true);
        expect(outcome.error?.message).toContain('Install and unlock a Secret Service provider such as gnome-keyring');
        expect(outcome.error?.message).toContain('apt install gnome-keyring libsecret-1-0');
        expect(outcome.error?.message).toContain('desktop session');
        expect(outcome.error?.message).toMatch(detail);
      }
      expect(report.status.available).toBe(false);
      expect(report.status.reason).toMatch(detail);
      expect(stdout + stderr).not.toContain(key);

      // The settings store did write (the carrier), so the scan below is not vacuous.
      const files = await filesUnder(dataDir);
      expect(files.map((f) => path.basename(f))).toEqual(['settings.json']);
      expect(await fs.readFile(files[0] as string, 'utf8')).toContain(report.carrierId);
      for (const file of files) {
        const bytes = await fs.readFile(file);
        expect(bytes.indexOf(Buffer.from(key, 'utf8'))).toBe(-1);
        expect(bytes.indexOf(Buffer.from(key, 'utf16le'))).toBe(-1);
      }
      // Under scripts/with-keyring.sh, also confirm nothing slipped into the real keyring.
      const items = itemsInRealKeyring(service);
      if (items !== null) expect(items).toBe(0);
    },
  );
});
