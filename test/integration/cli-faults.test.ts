import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { json, startFakeServer } from '../unit/client-fake-server.ts';
import { simulatorEnv } from '../support/cli-run.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = ['--import', 'tsx', 'electron/node/cli/main.ts'];

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function startCli(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

/** The CLI as an unlucky user meets it: interrupted, pointed at a bad folder, or at a server that redirects. */
describe('routelens CLI under faults', () => {
  let sim: RunningSimulator;
  /** Responses the simulator holds back while `holding` is set: the CLI then waits mid-download. */
  const held: (() => void)[] = [];
  let holding = false;
  let dir: string;
  let env: Record<string, string>;
  let exportArgs: (out: string) => string[];

  beforeAll(async () => {
    sim = await startSimulator({ latencyMs: 1, schedule: (respond) => (holding ? held.push(respond) : respond()) });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-faults-'));
    env = simulatorEnv(sim);
    const vehicle = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;
    const today = dayOfMs(Date.now());
    exportArgs = (out) => [
      'export',
      '--vehicle',
      vehicle.vehicle_id,
      '--from',
      addDays(today, -3),
      '--to',
      addDays(today, -1),
      '--format',
      'gpx',
      '--out',
      out,
    ];
  });
  afterAll(async () => {
    held.splice(0).forEach((respond) => respond());
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s in the middle of an export removes the partial file and exits %i', async (signal, exitCode) => {
    holding = true;
    const out = path.join(dir, `${signal}.gpx`);
    const run = startCli(exportArgs(out), env);
    try {
      // The CLI is mid-download once the simulator holds one of its requests.
      await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
      run.child.kill(signal);
      const r = await run.done;
      expect(r.code).toBe(exitCode);
      expect(r.stderr.trim()).toBe(`routelens: interrupted (${signal}); nothing was written.`);
      expect(readdirSync(dir).filter((f) => f.startsWith(`${signal}.gpx`))).toEqual([]);
    } finally {
      holding = false;
      held.splice(0).forEach((respond) => respond());
    }
  });

  it('reports an --out folder that does not exist before downloading anything', async () => {
    sim.resetStats();
    const out = path.join(dir, 'no-such-folder', 'x.gpx');
    const r = await startCli(exportArgs(out), env).done;
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`routelens: --out: the folder ${path.dirname(out)} does not exist.`);
    expect(sim.stats().requests).toBe(0);
  });

  it('reports the real problem with --out, not a failure to remove the partial file (--out /etc/hostname/a.csv)', async () => {
    sim.resetStats();
    const r = await startCli(exportArgs('/etc/hostname/a.csv'), env).done;
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('routelens: --out: /etc/hostname is not a folder.');
    expect(r.stderr).not.toContain('.partial');
    expect(sim.stats().requests).toBe(0);
  });

  it('does not follow a redirect to another origin: no key goes there, and the sentence says why', async () => {
    const thief = await startFakeServer();
    const redirector = await startFakeServer();
    try {
      thief.handle((_q, res) =>
        json(res, 200, { description: 'success', data: { company_name: 'Thief', dot_number: '0' } }),
      );
      redirector.handle((_q, res) => {
        res.writeHead(302, { Location: `${thief.baseUrl}/v2/company-info` });
        res.end();
      });
      const r = await startCli(['company'], { ...env, ROUTELENS_BASE_URL: redirector.baseUrl }).done;
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `routelens: ${new URL(redirector.baseUrl).host} answered with a redirect (HTTP 302) to ${thief.baseUrl}. RouteLens does not follow redirects, so no key was sent there; if the API has moved, enter its new address.`,
      );
      expect(thief.seen).toHaveLength(0);
    } finally {
      await thief.close();
      await redirector.close();
    }
  });
});
