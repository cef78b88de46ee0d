/**
 * Audit bundles made by the backend for the app (audit:* channels), the path
 * part B's "Audit bundle" button takes: readings downloaded by the real sync
 * engine and sent back as the store holds them (over the bridge codec, a day
 * in parts), the carrier's legal name, USDOT, home zone and API address
 * filled by the backend. The zip verifies with the CLI's `verify`, and its
 * data files are byte for byte those of `routelens audit` for the same
 * vehicle, Chicago days and parameters.
 */
import { copyChunkRange } from '../../shared/track/day-chunk.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChromiumPdfPrinter } from '../../electron/node/audit/chromium-pdf.ts';
import { verifyBundle } from '../../electron/node/audit/verify.ts';
import { readZip } from '../../electron/node/audit/zip.ts';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { createFolderSaveDialogs } from '../../electron/node/backend/folder-save-dialogs.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { parseManifest } from '../../shared/audit/manifest.ts';
import { decodeBridge, encodeBridge } from '../../shared/ipc/codec.ts';
import type { AuditOutcome, AuditRequest, DownloadEvent, IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { createTestBackend } from '../support/test-backend.ts';
import { cliVerify, simulatorEnv } from '../support/cli-run.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ROOT = path.resolve(import.meta.dirname, '../..');
const CARRIER = 'demo-prairie-line';
const FROM = '2026-11-01'; // Chicago's 25-hour day
const TO = '2026-11-02';
const printer = createChromiumPdfPrinter();

/** Calls a channel as the browser shell's bridge does: arguments and reply through the codec. */
async function call<T>(backend: Backend, channel: IpcChannel, ...args: unknown[]): Promise<IpcReply<T>> {
  const reply = await dispatch(backend, channel, decodeBridge(encodeBridge(args)), true);
  return decodeBridge(encodeBridge(reply)) as IpcReply<T>;
}
async function ok<T>(backend: Backend, channel: IpcChannel, ...args: unknown[]): Promise<T> {
  const reply = await call<T>(backend, channel, ...args);
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`);
  return reply.result;
}

/** A stored day's readings in parts of `size`, as the renderer sends them. */
function partsOf(chunk: DayChunk, size: number): DayChunk[] {
  const out: DayChunk[] = [];
  for (let a = 0; a < chunk.length; a += size) {
    const b = Math.min(chunk.length, a + size);
    out.push(copyChunkRange(chunk, a, b));
  }
  return out;
}

describe('audit bundles from the app (audit:* channels)', () => {
  let dir: string;
  let saveDir: string;
  let backend: Backend;
  let sim: RunningSimulator;
  let vehicleId = '';
  const stored = new Map<string, { chunk: DayChunk; rejected: number; complete: boolean }>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-backend-audit-'));
    saveDir = mkdtempSync(path.join(tmpdir(), 'routelens-backend-audit-save-'));
    backend = createTestBackend(dir, {
      now: () => NOW,
      demo: { now: () => NOW },
      dialogs: createFolderSaveDialogs(saveDir),
      printAuditReport: printer.print,
      basemapDir: path.join(ROOT, 'resources/basemap'),
    });
    sim = await startSimulator({ now: () => NOW });
    await ok(backend, 'carriers:addDemo');
    vehicleId = sim.truth.vehicles('prairie-line').find((v) => v.active)!.vehicle_id;
    // The store's days, downloaded by the real engine (what the Review reads from IndexedDB).
    const session = await ok<string>(backend, 'downloads:start', {
      carrierId: CARRIER,
      vehicleId,
      from: '2026-10-31',
      to: '2026-11-03',
      completeDays: [],
    });
    let ack = 0;
    for (let finished = false; !finished;) {
      const poll = await ok<{ events: DownloadEvent[]; finished: boolean }>(backend, 'downloads:poll', session, ack);
      for (const e of poll.events) {
        if (e.type === 'day')
          stored.set(e.chunk.day, { chunk: e.chunk, rejected: e.rejected.length, complete: e.complete });
        if (e.type === 'failed') throw new Error(e.failure.message);
        ack = Math.max(ack, e.seq);
      }
      finished = poll.finished;
    }
  }, 60_000);
  afterAll(async () => {
    await backend.close();
    await sim.close();
    await printer.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(saveDir, { recursive: true, force: true });
  });

  const request = (): AuditRequest => ({
    carrierId: CARRIER,
    vehicleId,
    from: FROM,
    to: TO,
    params: { ...DEFAULT_ANALYSIS_PARAMS },
    days: [...stored].map(([day, s]) => ({
      day,
      downloadedAt: NOW - 3_600_000,
      complete: s.complete,
      rejected: s.rejected,
    })),
  });

  async function makeBundle(b: Backend, partSize: number): Promise<AuditOutcome> {
    const begun = await ok<{ auditId: string; utcDays: string[]; zone: string }>(b, 'audit:begin', request());
    expect(begun).toMatchObject({ utcDays: ['2026-11-01', '2026-11-02', '2026-11-03'], zone: 'America/Chicago' });
    for (const day of begun.utcDays)
      for (const part of partsOf(stored.get(day)!.chunk, partSize))
        await ok(b, 'audit:addReadings', begun.auditId, part);
    return ok<AuditOutcome>(b, 'audit:finish', begun.auditId, 'T-101 audit 2026-11-01.zip');
  }

  it('saves a bundle that the CLI verifies, with the files `routelens audit` writes for the same selection', async () => {
    expect(await ok(backend, 'app:getInfo')).toMatchObject({ canMakeAuditBundle: true });
    const outcome = await makeBundle(backend, 300);
    expect(outcome.kind).toBe('saved');
    if (outcome.kind !== 'saved') return;
    expect(outcome.path).toBe(path.join(saveDir, 'T-101 audit 2026-11-01.zip'));
    const verify = cliVerify(outcome.path);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout.split('\n')[0]).toBe('verified');

    const app = readZip(readFileSync(outcome.path));
    const m = parseManifest(app.find((e) => e.name === 'manifest.json')!.data!.toString('utf8'));
    const company = sim.truth.company('prairie-line');
    expect(m.carrier).toEqual({ name: company.company_name, dotNumber: company.dot_number });
    expect(m.zone).toBe('America/Chicago');
    expect([m.range.startUtc, m.range.endUtc]).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-03T06:00:00.000Z']);
    expect(m.api.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(m.days.map((d) => [d.day, d.downloadedAt])).toEqual(
      ['2026-11-01', '2026-11-02', '2026-11-03'].map((d) => [d, new Date(NOW - 3_600_000).toISOString()]),
    );
    expect(outcome.counts).toEqual(m.counts);

    // The CLI's bundle of the same vehicle and Chicago days, from a simulator of the same seed and clock.
    const cliZip = path.join(dir, 'cli.zip');
    const env = simulatorEnv(sim);
    await runCli(
      ['audit', '--vehicle', vehicleId, '--from', FROM, '--to', TO, '--tz', 'America/Chicago', '--out', cliZip],
      env,
      () => undefined,
      () => NOW,
    );
    const cli = readZip(readFileSync(cliZip));
    for (const name of ['breadcrumbs.csv', 'trips.csv', 'events.csv']) {
      expect(app.find((e) => e.name === name)!.data!.equals(cli.find((e) => e.name === name)!.data!), name).toBe(true);
    }
    expect(m.counts.records).toBeGreaterThan(100);
  }, 120_000);

  it('without a save dialog returns the zip itself for a download (through the bridge), which verifies', async () => {
    const plain = createTestBackend(mkdtempSync(path.join(dir, 'plain-')), {
      now: () => NOW,
      demo: { now: () => NOW },
      printAuditReport: async (html) => Buffer.from(`%PDF-1.4\n%${html.length}\n%%EOF\n`),
    });
    try {
      await ok(plain, 'carriers:addDemo');
      const outcome = await makeBundle(plain, 10_000);
      expect(outcome.kind).toBe('download');
      if (outcome.kind !== 'download') return;
      expect(outcome.name).toBe('T-101 audit 2026-11-01.zip');
      expect(outcome.zip).toBeInstanceOf(Uint8Array);
      expect(verifyBundle(Buffer.from(outcome.zip))).toMatchObject({ ok: true });
    } finally {
      await plain.close();
    }
  });

  it('takes readings kept with unknown speed, heading or status and their own identity; refuses impossible values', async () => {
    // Every 5th reading without a speed, heading and status; every 7th naming another truck (as identityAt keeps it).
    const blanked = (c: DayChunk): DayChunk => {
      const out = copyChunkRange(c, 0, c.length);
      out.identityAt = { vehicleNumber: [], vin: [] };
      for (let i = 0; i < c.length; i++) {
        if (i % 5 === 0) [out.speed[i], out.direction[i], out.status[i]] = [NaN, NaN, MotionCode.UNKNOWN];
        out.identityAt.vehicleNumber.push(i % 7 === 0 ? 'T-999' : c.vehicleNumber);
        out.identityAt.vin.push(i % 7 === 0 ? '' : c.vin);
      }
      return out;
    };
    const begun = await ok<{ auditId: string; utcDays: string[] }>(backend, 'audit:begin', request());
    const first = blanked(stored.get(begun.utcDays[0]!)!.chunk);
    for (const [what, bad] of [
      ['speed', { speed: first.speed.map((v, i) => (i === 3 ? -1 : v)) }],
      ['speed', { speed: first.speed.map((v, i) => (i === 3 ? Infinity : v)) }],
      ['heading', { direction: first.direction.map((v, i) => (i === 3 ? -Infinity : v)) }],
      ['status', { status: first.status.map((v, i) => (i === 3 ? 4 : v)) }],
    ] as const) {
      const reply = await call(backend, 'audit:addReadings', begun.auditId, { ...first, ...bad });
      expect(reply, what).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    }
    for (const day of begun.utcDays)
      for (const part of partsOf(blanked(stored.get(day)!.chunk), 300))
        await ok(backend, 'audit:addReadings', begun.auditId, part);
    const outcome = await ok<AuditOutcome>(backend, 'audit:finish', begun.auditId, 'T-101 unknowns.zip');
    if (outcome.kind !== 'saved') throw new Error(outcome.kind);
    expect(verifyBundle(readFileSync(outcome.path))).toMatchObject({ ok: true });
    const csv = readZip(readFileSync(outcome.path))
      .find((e) => e.name === 'breadcrumbs.csv')!
      .data!.toString('utf8');
    const rows = csv.split('\r\n').slice(1, -1);
    // The local-day cut starts mid UTC day, so count the blanks rather than place them: speed, status, heading empty.
    expect(rows.filter((r) => r.split(',').slice(5, 8).join(',') === ',,').length).toBeGreaterThan(10);
    expect(rows.some((r) => /,T-999,,/.test(r))).toBe(true);
    expect(rows.every((r) => !r.includes('NaN') && r.split(',')[6] !== '3')).toBe(true);
  }, 60_000);

  it("refuses readings that are not the request's, out of order or outside their day, and unknown sessions; nothing is built", async () => {
    const begun = await ok<{ auditId: string }>(backend, 'audit:begin', request());
    const day = stored.get('2026-11-01')!.chunk;
    const other = await call(backend, 'audit:addReadings', begun.auditId, { ...day, vehicleId: 'another-vehicle' });
    expect(other).toMatchObject({
      ok: false,
      error: { kind: 'bad-request', message: expect.stringMatching(/vehicle another-vehicle/) },
    });
    const shifted = await call(backend, 'audit:addReadings', begun.auditId, {
      ...day,
      t: day.t.map((t) => t + 86_400_000),
    });
    expect(shifted).toMatchObject({ ok: false, error: { message: expect.stringMatching(/outside that UTC day/) } });
    const reversed = await call(backend, 'audit:addReadings', begun.auditId, { ...day, t: day.t.slice().reverse() });
    expect(reversed).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not in time order/) } });
    const notRead = await call(backend, 'audit:addReadings', begun.auditId, stored.get('2026-10-31')!.chunk);
    expect(notRead).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not one of the UTC days/) } });
    // Shapes the guard refuses before any handler: too many readings per call, columns of other types or lengths.
    const big = partsOf(day, day.length)[0]!;
    expect(await call(backend, 'audit:addReadings', begun.auditId, { ...big, length: 10_001 })).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect(await call(backend, 'audit:addReadings', begun.auditId, { ...big, t: Array.from(big.t) })).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect(
      await call(backend, 'audit:begin', {
        ...request(),
        params: { ...DEFAULT_ANALYSIS_PARAMS, speedingThresholdMph: 500 },
      }),
    ).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(await call(backend, 'audit:begin', { ...request(), carrierId: 'nobody' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    await ok(backend, 'audit:abort', begun.auditId);
    expect(await call(backend, 'audit:finish', begun.auditId, 'x.zip')).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
  });

  it('a backend that cannot print says so, and makes no bundle', async () => {
    const noPrinter = createTestBackend(mkdtempSync(path.join(dir, 'np-')), {
      now: () => NOW,
      demo: { now: () => NOW },
    });
    try {
      await ok(noPrinter, 'carriers:addDemo');
      expect(await ok(noPrinter, 'app:getInfo')).toMatchObject({ canMakeAuditBundle: false });
      const begun = await ok<{ auditId: string }>(noPrinter, 'audit:begin', request());
      expect(await call(noPrinter, 'audit:finish', begun.auditId, 'x.zip')).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/cannot print the audit report/) },
      });
    } finally {
      await noPrinter.close();
    }
  });
});
