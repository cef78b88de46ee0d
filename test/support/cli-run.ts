import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/** The repository root: the CLI runs from it (tsx resolves its entry from there). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
/** How node starts the CLI from source. */
export const CLI = ['--import', 'tsx', 'electron/node/cli/main.ts'];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Async on purpose: the server a test answers with runs in this process, and spawnSync would block it. */
export function spawnCli(args: string[], env: Record<string, string> = {}, entry: string[] = CLI): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...entry, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `routelens verify FILE` (needs no server, so it may block). */
export function cliVerify(zip: string): CliRun {
  const r = spawnSync(process.execPath, [...CLI, 'verify', zip], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI's environment for one simulator carrier (the first by default). */
export function simulatorEnv(
  sim: { baseUrl: string; providerKey: string; carriers: readonly { companyKey: string }[] },
  carrier = 0,
): Record<string, string> {
  return {
    ROUTELENS_BASE_URL: sim.baseUrl,
    ROUTELENS_PROVIDER_KEY: sim.providerKey,
    ROUTELENS_COMPANY_KEY: sim.carriers[carrier]!.companyKey,
  };
}
