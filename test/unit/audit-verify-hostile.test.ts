/**
 * `verify` sees the archive as every zip reader does (issue 32, 1): the
 * hostile bundles of test/support/hostile-bundles.ts (an entry hidden between
 * two listed ones, a local header whose method disagrees with the central
 * directory, a symlink entry, bytes prepended with offsets shifted, bytes
 * appended) are each "not a bundle RouteLens wrote", exit 1, nothing else
 * said; the untouched bundle verifies. unzip is the independent reader: it
 * accepts the untouched bundle, and shows what the hostile ones would do.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAuditBundle } from '../../electron/node/audit/bundle.ts';
import { verifyBundle } from '../../electron/node/audit/verify.ts';
import { describeFailure, runCli } from '../../electron/node/cli/main.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { AuditSource } from '../../shared/audit/bundle-content.ts';
import { HOSTILE_KINDS, hostileBundle } from '../support/hostile-bundles.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const chunks = toDayChunks(
  'veh-1',
  generateRandomTrack(4, 5, { startMs: Date.UTC(2026, 10, 1, 3), vehicleNumber: 'T-101', vin: '1FUJGLDR9CLBP8834' }),
);
const source: AuditSource = {
  app: { name: 'RouteLens', version: '9.9.9-test' },
  apiBaseUrl: 'https://api.example.com/fleet/v2',
  meta: {
    carrierName: 'Prairie Freight',
    dotNumber: '3148272',
    vehicleId: 'veh-1',
    vehicleNumber: 'T-101',
    vin: '1FUJGLDR9CLBP8834',
    zone: 'UTC',
    dayZone: 'UTC',
    from: chunks[0]!.day,
    to: chunks.at(-1)!.day,
    generatedAt: Date.UTC(2026, 10, 20, 12),
  },
  chunks,
  params: resolveAnalysisParams({}),
  days: chunks.map((c) => ({
    day: c.day,
    downloadedAt: '2026-11-20T11:59:00.000Z',
    records: c.length,
    rejected: 0,
    complete: true,
  })),
  rejected: 0,
};
const fakePrint = async (html: string) =>
  Buffer.from(`%PDF-1.4\n% ${createHash('sha256').update(html).digest('hex')}\n%%EOF\n`);

const dir = mkdtempSync(path.join(tmpdir(), 'routelens-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function verifyCli(file: string) {
  const lines: string[] = [];
  try {
    await runCli(['verify', file], {}, (l) => lines.push(l));
    return { code: 0, lines };
  } catch (err) {
    const { message, code } = describeFailure(err);
    return { code, lines: [...lines, message] };
  }
}

const unzip = (...args: string[]) => spawnSync('unzip', args, { encoding: 'utf8' });

describe('verify refuses what other zip readers would extract differently', async () => {
  const { zip } = await buildAuditBundle(source, { print: fakePrint });
  const goodFile = path.join(dir, 'good.zip');
  writeFileSync(goodFile, zip);

  it('the untouched bundle verifies, and unzip -t finds nothing wrong', async () => {
    expect(unzip('-t', goodFile).status).toBe(0);
    const r = await verifyCli(goodFile);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe('verified');
  });

  it.each(HOSTILE_KINDS)('%s: "not a bundle RouteLens wrote", exit 1, nothing verified', async (kind) => {
    const file = path.join(dir, `${kind}.zip`);
    writeFileSync(file, hostileBundle(zip, kind));
    const result = verifyBundle(hostileBundle(zip, kind));
    expect(result.ok).toBe(false);
    expect(result.manifest).toBeNull();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(
      /^The file is not a bundle RouteLens wrote \(.+\); nothing in it was verified\.$/,
    );
    const r = await verifyCli(file);
    expect(r.code).toBe(1);
    expect(r.lines.join('\n')).not.toMatch(/^verified$/m);
    expect(r.lines[0]).toMatch(/not a bundle RouteLens wrote/);
  });

  it('what unzip makes of them: the hidden entry and the prepended stub pass its own test, so verify must be stricter', () => {
    for (const kind of ['hidden-entry', 'prepended'] as const) {
      const file = path.join(dir, `u-${kind}.zip`);
      writeFileSync(file, hostileBundle(zip, kind));
      expect(unzip('-t', file).status, kind).toBeLessThanOrEqual(1); // 0 or "warning"
    }
    const mismatch = path.join(dir, 'u-method.zip');
    writeFileSync(mismatch, hostileBundle(zip, 'method-mismatch'));
    expect(unzip('-t', mismatch).status).not.toBe(0);
    const link = path.join(dir, 'u-link.zip');
    writeFileSync(link, hostileBundle(zip, 'symlink'));
    expect(unzip('-Z', link).stdout).toMatch(/^l.* events\.csv$/m);
  });

  it('the hidden entry really is there for a reader that walks local headers', () => {
    const changed = Buffer.from('vehicle_id,time\nchanged,99\n');
    const hostile = hostileBundle(zip, 'hidden-entry', changed);
    // Walk local headers from byte 0, as a streaming reader does; the second record is the hidden one.
    const first = 30 + hostile.readUInt16LE(26) + hostile.readUInt16LE(28) + hostile.readUInt32LE(18);
    expect(hostile.readUInt32LE(first)).toBe(0x04034b50);
    const nameLen = hostile.readUInt16LE(first + 26);
    expect(hostile.toString('utf8', first + 30, first + 30 + nameLen)).toBe('breadcrumbs.csv');
    const body = hostile.subarray(first + 30 + nameLen, first + 30 + nameLen + hostile.readUInt32LE(first + 18));
    expect(inflateRawSync(body)).toEqual(changed);
  });
});
