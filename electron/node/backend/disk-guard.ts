import { statfs } from 'node:fs/promises';
import { UserFacingError } from './failure.ts';

/**
 * Stops downloads while the disk still has room. Measured: when IndexedDB's
 * LevelDB backing store hits a full disk, Chromium deletes the origin's whole
 * database within half a second (test/e2e/quota.spec.ts) — the browser gives
 * the page no way to see free space coming. The main process can: before each
 * day is handed to the renderer, the volume holding the app's data must keep
 * `minFreeBytes` free.
 */
export interface DiskGuard {
  check(): Promise<void>;
}

export const DEFAULT_MIN_FREE_BYTES = 512 * 1024 * 1024;

export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

export function createDiskGuard(
  dir: string,
  minFreeBytes = DEFAULT_MIN_FREE_BYTES,
  measure: (dir: string) => Promise<number> = freeBytes,
): DiskGuard {
  return {
    async check() {
      const free = await measure(dir);
      if (free < minFreeBytes) {
        const mb = (n: number) => `${Math.floor(n / (1024 * 1024))} MB`;
        throw new UserFacingError({
          kind: 'disk-full',
          message: `Download paused: only ${mb(free)} free on the disk that holds RouteLens's data (it keeps at least ${mb(minFreeBytes)} free so stored days are never put at risk). Free some space, then resume.`,
        });
      }
    },
  };
}
