import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { dayOfMs } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { dumpStore, openDownloads, startJob, TODAY, world } from './harness/app.ts';

/**
 * A real full disk, not an emulated one (CDP's quota override has no effect on
 * IndexedDB here): Chromium's profile lives on a 40 MB tmpfs, and an origin's
 * quota is a share of that disk, so six months of several trucks cannot fit.
 * Mounting needs root; elsewhere the test is skipped and says why.
 */
const DISK = '40m';
const VEHICLES = 4;

function mountSmallDisk(): { dir: string; unmount: () => void } | { skip: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-quota-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const why =
      err instanceof Error && 'stderr' in err ? String((err as { stderr: unknown }).stderr).trim() : String(err);
    return { skip: `cannot mount a ${DISK} tmpfs (needs root; uid ${process.getuid?.() ?? '?'}): ${why}` };
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A full disk must never lose or half-write a stored day, and the person must be told it is about space.
// FIXME (measured 2026-11-22, Chromium headless, 40 MB tmpfs, 3 runs, 2 with disk sampled every 300 ms): the store never
// gets near the disk size — LevelDB holds 15-18 MB with 16-19 MB free — but a compaction transiently doubles it
// (one sample: 30 MB, 5 MB free) and a write then fails with FILE_ERROR_NO_SPACE. Within 0.2-0.5 s of that error,
// Chromium force-closes every connection and deletes the origin's whole IndexedDB directory by itself: no page or
// worker reopened the database in between (indexedDB.open wrapped and logged; the store worker refuses every write
// after the first quota failure), and it happens with persistent storage granted via CDP (navigator.storage.persisted()
// true), so it is neither eviction, nor later writes, nor the dump racing the close. A new page then sees an empty
// database. The page cannot keep those days without knowing free disk space, which the browser does not expose;
// the main process can: electron/node/backend/disk-guard.ts stops downloads while the data volume still has
// 512 MB free (tested on a real tmpfs in test/integration/disk-guard.test.ts). This spec stays as the record of
// what happens when that guard is bypassed (the profile here is on its own disk, not the shell's data volume).
test.fixme('a full disk fails the job with kind "quota", says so, and every day stored before is intact', async ({
  shell,
}, testInfo) => {
  test.setTimeout(300_000);
  const disk = mountSmallDisk();
  if ('skip' in disk) {
    console.log(`quota.spec: skipped: ${disk.skip}`);
    test.skip(true, disk.skip);
    return;
  }
  let context: BrowserContext | null = null;
  try {
    const use = testInfo.project.use;
    context = await chromium.launchPersistentContext(disk.dir, {
      executablePath: use.launchOptions?.executablePath ?? '/usr/bin/chromium',
      args: use.launchOptions?.args ?? ['--no-sandbox'],
      headless: true,
      viewport: { width: 1400, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await openDownloads(page, shell);
    const { carrierId, vehicleIds } = await startJob(page, VEHICLES, '6m');
    const job = page.getByTestId('dl-job').first();
    await expect(job).toHaveAttribute('data-state', 'failed', { timeout: 240_000 });

    // What the person sees: the job's reason and the page banner, both about space.
    const failure = job.getByTestId('dl-job-failure');
    await expect(failure).toHaveAttribute('data-kind', 'quota');
    await expect(failure).toContainText('Not enough storage space');
    await expect(page.getByTestId('dl-store-failure')).toHaveAttribute('data-kind', 'quota');
    await page.screenshot({ path: testInfo.outputPath('quota-failed.png') });

    // What is stored: only whole days, each exactly the simulator's points, each with matching coverage.
    const dump = await dumpStore(page, shell);
    expect(dump.coverage.length, 'some days were stored before the disk filled').toBeGreaterThan(0);
    const from = world.truth.windowStart();
    const totalDays = VEHICLES * (Math.round((Date.parse(TODAY) - Date.parse(from)) / 86_400_000) + 1);
    expect(dump.coverage.length, 'the disk filled before the job ended').toBeLessThan(totalDays);
    expect(dump.counts.chunks).toBe(dump.coverage.length);
    expect(dump.counts.summaries).toBe(dump.coverage.length);
    const simCarrier = carrierId.replace(/^demo-/, '');
    for (const cov of dump.coverage) {
      expect(vehicleIds).toContain(cov.vehicleId);
      const day = dump.days.find((d) => d.vehicleId === cov.vehicleId && d.day === cov.day);
      expect(day, `chunk for ${cov.vehicleId} ${cov.day}`).toBeDefined();
      const truth = world.truth
        .history(simCarrier, cov.vehicleId, cov.day, cov.day)
        .filter((r) => dayOfMs(Date.parse(r.timestamp)) === cov.day)
        .map((r) => r.id);
      expect(day!.ids, `${cov.vehicleId} ${cov.day}`).toEqual(truth);
      expect(cov.points).toBe(truth.length);
      expect(day!.summaryPoints).toBe(truth.length);
      expect(cov.state).toBe(cov.day < TODAY ? 'complete' : 'partial');
    }
    console.log(
      `quota.spec: ${dump.coverage.length} of ${totalDays} vehicle-days stored before the ${DISK} disk filled`,
    );
  } finally {
    await context?.close();
    disk.unmount();
  }
});
