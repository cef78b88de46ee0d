/**
 * A steady background load that keeps one core busy (issue 35: "a fixed, bounded CPU loop started and
 * stopped by the benchmark"): a child Node process spinning in slices of SLICE_MS. Bounded three ways, so
 * it never outlives the bench: it ends by itself after `maxMs`; it ends when its parent is gone (checked
 * between slices); and the bench stops it (`stop()`, in a finally).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Busy time between checks: short enough that the child notices a stop or a lost parent promptly. */
export const SLICE_MS = 50;
/** The longest load any caller may ask for. */
export const MAX_LOAD_MS = 60 * 60_000;

/** The child's program (plain JS for `node -e`, no loader); argv: deadline (epoch ms), parent pid, slice ms. */
export const CHILD_SOURCE = `
const [deadline, parent, slice] = process.argv.slice(1).map(Number);
const alive = () => { try { process.kill(parent, 0); return true; } catch { return false; } };
let sink = 0;
const spin = () => {
  if (!(alive() && Date.now() < deadline)) process.exit(0);
  const until = Date.now() + slice;
  while (Date.now() < until) sink = (sink + Math.sqrt(sink + 1)) % 1e9;
  setImmediate(spin);
};
spin();
`;

export interface CpuLoad {
  child: ChildProcess;
  /** Stops the loop (idempotent); resolves once the child has exited. */
  stop(): Promise<void>;
}

/** Starts one busy core for at most `maxMs` (validated: a whole number of ms, 1 to MAX_LOAD_MS). */
export function startCpuLoad(maxMs: number): CpuLoad {
  if (!Number.isInteger(maxMs) || maxMs < 1 || maxMs > MAX_LOAD_MS)
    throw new RangeError(`a CPU load lasts 1 to ${MAX_LOAD_MS} ms, not ${maxMs}`);
  const child = spawn(
    process.execPath,
    ['-e', CHILD_SOURCE, String(Date.now() + maxMs), String(process.pid), String(SLICE_MS)],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
