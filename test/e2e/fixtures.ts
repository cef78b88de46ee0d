import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Fixed clock of the demo simulator in e2e runs, so results can be compared with ground truth. */
export const E2E_NOW = '2026-11-20T15:00:00.000Z';

export interface WebShell {
  url: string;
  origin: string;
  port: number;
  dataDir: string;
  /** Keychain (Secret Service) service name this shell stores keys under (env ROUTELENS_KEYCHAIN_SERVICE). */
  keychainService: string;
  /** The folder the shell saves exports into through the backend (env ROUTELENS_SAVE_DIR), as Electron's save dialog path does; null: exports are browser downloads. */
  saveDir: string | null;
  /** Stops the shell process (its demo simulator goes with it). */
  stop(): Promise<void>;
  /**
   * Starts a new shell process on the same port and data folder (same origin: same IndexedDB); `demoNow`
   * moves the demo simulator's pinned clock (what a user sees when the app runs again later).
   */
  restart(opts?: { demoNow?: string }): Promise<WebShell>;
}

interface ShellOptions {
  dataDir: string;
  port: number;
  keychainService: string;
  demoNow?: string | null;
  saveDir?: string | null;
  /** A D-Bus session address for the shell; 'none' gives it no session bus at all (no keychain). */
  sessionBus?: 'inherit' | 'none';
}

async function spawnShell(opts: ShellOptions): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ROUTELENS_DATA_DIR: opts.dataDir,
    ROUTELENS_KEYCHAIN_SERVICE: opts.keychainService,
  };
  delete env['ROUTELENS_SAVE_DIR'];
  if (opts.saveDir) env['ROUTELENS_SAVE_DIR'] = opts.saveDir;
  // A machine with no desktop session: the bus socket does not exist, so no Secret Service answers.
  if (opts.sessionBus === 'none') env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/routelens-no-session-bus';
  // null: the demo runs on the real clock (a test that needs the backend's 30-s floor to pass).
  if (opts.demoNow !== null) env['ROUTELENS_DEMO_NOW'] = opts.demoNow ?? E2E_NOW;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/node/web-shell/main.ts', '--port', String(opts.port)],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`web shell exited early (${code})`)));
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

async function startShell(first: ShellOptions): Promise<WebShell> {
  let opts = first;
  let { child, url } = await spawnShell(opts);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const shell: WebShell = {
    url,
    origin: new URL(url).origin,
    port: Number(new URL(url).port),
    dataDir: opts.dataDir,
    keychainService: opts.keychainService,
    saveDir: opts.saveDir ?? null,
    stop,
    restart: async (change) => {
      await stop();
      if (change?.demoNow !== undefined) opts = { ...opts, demoNow: change.demoNow };
      ({ child, url } = await spawnShell({ ...opts, port: shell.port }));
      shell.url = url;
      return shell;
    },
  };
  return shell;
}

/** Waits for the app to say it is ready (never a sleep). */
export async function openApp(page: Page, shell: WebShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
}

export const test = base.extend<{
  shell: WebShell;
  demoNow: string | null;
  saveToFolder: boolean;
  sessionBus: 'inherit' | 'none';
}>({
  /** The demo simulator's pinned clock; `test.use({ demoNow: null })` runs it on the real clock. */
  demoNow: [E2E_NOW, { option: true }],
  /** `test.use({ saveToFolder: true })`: exports go through the backend's save path into `shell.saveDir` (a temp folder) instead of downloads. */
  saveToFolder: [false, { option: true }],
  /** `test.use({ sessionBus: 'none' })`: the shell runs with no D-Bus session bus (a machine without a keychain). */
  sessionBus: ['inherit', { option: true }],
  // A temp profile per test: its own data folder, keychain service name and port.
  shell: async ({ demoNow, saveToFolder, sessionBus }, use, testInfo) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-e2e-'));
    const saveDir = saveToFolder ? mkdtempSync(path.join(tmpdir(), 'routelens-e2e-saved-')) : null;
    const shell = await startShell({
      dataDir,
      port: 0,
      keychainService: `RouteLens-e2e-${randomBytes(4).toString('hex')}`,
      demoNow,
      saveDir,
      sessionBus,
    });
    await use(shell);
    await shell.stop();
    if (testInfo.status === testInfo.expectedStatus)
      for (const d of [dataDir, saveDir]) if (d) rmSync(d, { recursive: true, force: true });
  },
});

export { expect };
