import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BenchShell {
  url: string;
  dataDir: string;
  shell: ChildProcess;
  /** Stops the shell and removes its data folder. */
  stop(): void;
}

/**
 * The renderer built, then the browser shell started on a free port with its own temp data folder and
 * keychain service, the demo's clock pinned at `now`: what a Chromium benchmark drives.
 */
export async function startBenchShell(name: string, now: string): Promise<BenchShell> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `routelens-bench-${name}-`));
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const shell = spawn(process.execPath, ['--import', 'tsx', 'electron/node/web-shell/main.ts', '--port', '0'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROUTELENS_DATA_DIR: dataDir,
      ROUTELENS_KEYCHAIN_SERVICE: `RouteLens-bench-${process.pid}`,
      ROUTELENS_DEMO_NOW: now,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: shell.stdout! }).once('line', (l) => resolve((JSON.parse(l) as { url: string }).url)),
  );
  return {
    url,
    dataDir,
    shell,
    stop: () => {
      shell.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
