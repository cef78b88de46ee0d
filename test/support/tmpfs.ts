import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real small disk (tmpfs) for tests of what happens when it fills up: free
 * space and ENOSPC come from the kernel, nothing is faked. Needs root to
 * mount; otherwise says why, so the suite can skip.
 */
export function mountTmpfs(
  size: string,
  prefix = 'routelens-disk-',
): { dir: string; unmount: () => void } | { skip: string } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `cannot mount a tmpfs (needs root): ${String(err).slice(0, 200)}` };
  }
  return { dir, unmount: () => (execFileSync('umount', [dir]), rmSync(dir, { recursive: true, force: true })) };
}
