import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CHILD_SOURCE, MAX_LOAD_MS, SLICE_MS, startCpuLoad } from '../../bench/lib/cpu-load.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const exitOf = (load: ReturnType<typeof startCpuLoad>) =>
  new Promise<number | null>((resolve) => {
    if (load.child.exitCode !== null) resolve(load.child.exitCode);
    else load.child.once('exit', (code) => resolve(code));
  });

/** Polls until `pid` is gone, or fails after `ms`. */
async function goneWithin(pid: number, ms: number): Promise<number> {
  const t0 = Date.now();
  while (alive(pid)) {
    if (Date.now() - t0 > ms) throw new Error(`process ${pid} still running after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - t0;
}

describe('the bench CPU load (bench/lib/cpu-load.ts)', () => {
  it('refuses a duration that is not a whole number of ms from 1 to the maximum', () => {
    for (const bad of [0, -5, 1.5, Number.NaN, MAX_LOAD_MS + 1])
      expect(() => startCpuLoad(bad)).toThrow(/a CPU load lasts 1 to/);
  });

  it('ends by itself after its maximum time, exiting cleanly', async () => {
    const t0 = Date.now();
    const load = startCpuLoad(400);
    expect(await exitOf(load)).toBe(0);
    // Not before its time (it spins until then), and within a few slices after it.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    expect(Date.now() - t0).toBeLessThan(400 + 5000);
  });

  it('keeps a core busy while it runs: its CPU time grows with the wall time', async () => {
    const load = startCpuLoad(60_000);
    try {
      // The child reports nothing; its CPU use is read from /proc (Linux, the bench's machine).
      const { readFileSync } = await import('node:fs');
      const cpuTicks = () => {
        const f = readFileSync(`/proc/${load.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(f[11]) + Number(f[12]);
      };
      await new Promise((r) => setTimeout(r, 300));
      const a = cpuTicks();
      await new Promise((r) => setTimeout(r, 1000));
      // Clock ticks are 1/100 s: a busy child gains well over a few, even sharing two cores with others.
      expect(cpuTicks() - a).toBeGreaterThan(20);
    } finally {
      await load.stop();
    }
    expect(alive(load.child.pid!)).toBe(false);
  });

  it('ends when its parent is gone, though nobody stops it', async () => {
    // A parent that starts the child program and exits at once without stopping it.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
         const c = spawn(process.execPath, ['-e', ${JSON.stringify(CHILD_SOURCE)}, String(Date.now() + 60000), String(process.pid), '${SLICE_MS}'], { stdio: 'ignore', detached: true });
         console.log(c.pid); c.unref(); setTimeout(() => process.exit(0), 300);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const childPid = Number(
      await new Promise<string>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(String(d).trim()))),
    );
    expect(alive(childPid)).toBe(true);
    await new Promise((r) => parent.once('exit', r));
    await goneWithin(childPid, 5000);
  });
});
