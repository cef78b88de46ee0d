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
    const why = err instanceof Error && 'stderr' in err ? String((err as { stderr: unknown }).stderr).trim() : String(err);
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
// FIXME (measured): the failure is now reported as kind 'quota' (Chromium's transaction error is UnknownError
// "IO error: …FILE_ERROR_NO_SPACE" or QuotaExceededError "disk full while committing"), but after that IO error
// the store read back from a new page is empty: Chromium appears to drop the origin's LevelDB after the
// write failures that follow. Until writes stop before the disk is full, this test documents the gap.
test.fixme('a full disk fails the job with kind "quota", says so, and every day stored before is intact', async ({ shell }, testInfo) => {
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
      const truth = world.truth.history(simCarrier, cov.vehicleId, cov.day, cov.day).filter((r) => dayOfMs(Date.parse(r.timestamp)) === cov.day).map((r) => r.id);
      expect(day!.ids, `${cov.vehicleId} ${cov.day}`).toEqual(truth);
      expect(cov.points).toBe(truth.length);
      expect(day!.summaryPoints).toBe(truth.length);
      expect(cov.state).toBe(cov.day < TODAY ? 'complete' : 'partial');
    }
    console.log(`quota.spec: ${dump.coverage.length} of ${totalDays} vehicle-days stored before the ${DISK} disk filled`);
  } finally {
    await context?.close();
    disk.unmount();
  }
});
