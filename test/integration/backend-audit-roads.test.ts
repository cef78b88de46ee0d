/**
 * The app's audit bundle judges "over the limit" with the road limits the screen judged with
 * (AuditRequest.roadLimits): the demo carriers install the demo roads in the backend's store, the real
 * sync engine downloads a truck's days, and the bundle made through audit:* carries in events.csv exactly
 * the over-limit rows of `routelens audit --road-limits` over the same roads (the demo's .osm.pbf), for
 * the default rule and another; its report names them. Limits that changed since the screen was drawn
 * refuse the bundle; a request without them has no such rows (as before).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../electron/node/audit/zip.ts';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { ROAD_LIMITS_CHANGED } from '../../electron/node/backend/audit-roads.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { DEFAULT_OVER_LIMIT_PREFERENCES } from '../../shared/analysis/adjustable.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { decodeBridge, encodeBridge } from '../../shared/ipc/codec.ts';
import type {
  AuditOutcome,
  AuditRequest,
  AuditRoadLimits,
  DownloadEvent,
  IpcChannel,
  IpcReply,
} from '../../shared/ipc/contract.ts';
import type { RoadLimitsInfo } from '../../shared/ipc/roads-contract.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { overLimitRowsOf } from '../support/over-limit-csv.ts';
import { simulatorEnv } from '../support/cli-run.ts';
import { createTestBackend } from '../support/test-backend.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const CARRIER = 'demo-prairie-line';
// Days the first truck drove over its road's limit (the simulator's own record, limit-truth.ts).
const FROM = '2026-11-04';
const TO = '2026-11-05';
const ZONE = 'America/Chicago';

async function call<T>(backend: Backend, channel: IpcChannel, ...args: unknown[]): Promise<IpcReply<T>> {
  const reply = await dispatch(backend, channel, decodeBridge(encodeBridge(args)), true);
  return decodeBridge(encodeBridge(reply)) as IpcReply<T>;
}
async function ok<T>(backend: Backend, channel: IpcChannel, ...args: unknown[]): Promise<T> {
  const reply = await call<T>(backend, channel, ...args);
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`);
  return reply.result;
}

describe('audit bundles from the app judge with the kept road limits', () => {
  let dir: string;
  let backend: Backend;
  let sim: RunningSimulator;
  let vehicleId = '';
  let demoRoads: RoadLimitsInfo;
  let roadsFile: string;
  /** The report's HTML of each bundle, as the backend hands it to the printer. */
  const reports: string[] = [];
  let cliRuns = 0;
  const stored = new Map<string, { chunk: DayChunk; rejected: number; complete: boolean }>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-audit-roads-'));
    backend = createTestBackend(dir, {
      now: () => NOW,
      demo: { now: () => NOW },
      printAuditReport: async (html) => {
        reports.push(html);
        return Buffer.from(`%PDF-1.4\n%${html.length}\n%%EOF\n`);
      },
    });
    sim = await startSimulator({ now: () => NOW });
    await ok(backend, 'carriers:addDemo');
    demoRoads = (await ok<RoadLimitsInfo | null>(backend, 'roads:status'))!;
    expect(demoRoads).toMatchObject({ origin: 'demo' });
    roadsFile = path.join(dir, 'demo-roads.osm.pbf');
    writeFileSync(roadsFile, demoRoadsPbf());
    vehicleId = sim.truth.vehicles('prairie-line').find((v) => v.active)!.vehicle_id;
    const session = await ok<string>(backend, 'downloads:start', {
      carrierId: CARRIER,
      vehicleId,
      from: '2026-11-03',
      to: '2026-11-06',
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
    rmSync(dir, { recursive: true, force: true });
  });

  const limits = (over: Partial<AuditRoadLimits> = {}): AuditRoadLimits => ({
    indexId: demoRoads.id,
    zonesId: null,
    overLimit: { ...DEFAULT_OVER_LIMIT_PREFERENCES },
    ...over,
  });
  const request = (roadLimits?: AuditRoadLimits): AuditRequest => ({
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
    ...(roadLimits ? { roadLimits } : {}),
  });

  async function begin(req: AuditRequest) {
    const begun = await ok<{ auditId: string; utcDays: string[] }>(backend, 'audit:begin', req);
    for (const day of begun.utcDays) await ok(backend, 'audit:addReadings', begun.auditId, stored.get(day)!.chunk);
    return begun.auditId;
  }
  /** The bundle's files, read from the zip handed back (this backend has no save dialog). */
  async function bundle(req: AuditRequest): Promise<Map<string, Buffer>> {
    const outcome = await ok<AuditOutcome>(backend, 'audit:finish', await begin(req), 'audit.zip');
    if (outcome.kind !== 'download') throw new Error(outcome.kind);
    return new Map(readZip(Buffer.from(outcome.zip)).map((e) => [e.name, e.data!]));
  }
  async function cliEvents(extra: string[]): Promise<string> {
    const zip = path.join(dir, `cli-${++cliRuns}.zip`);
    await runCli(
      ['audit', '--vehicle', vehicleId, '--from', FROM, '--to', TO, '--tz', ZONE, '--out', zip, ...extra],
      simulatorEnv(sim),
      () => undefined,
      () => NOW,
    );
    return readZip(readFileSync(zip))
      .find((e) => e.name === 'events.csv')!
      .data!.toString('utf8');
  }

  it('carries the over-limit events `routelens audit --road-limits` finds on the same roads, and the report names them', async () => {
    const files = await bundle(request(limits()));
    const events = files.get('events.csv')!.toString('utf8');
    const over = overLimitRowsOf(events);
    expect(over.length).toBeGreaterThan(0);
    expect(over.every((e) => e.source === 'posted' && e.road !== '' && e.wayId > 0)).toBe(true);
    expect(events).toBe(await cliEvents(['--road-limits', roadsFile]));
    expect(reports.at(-1)).toContain('Over the limit');
  }, 120_000);

  it("judges with the screen's rule: a stricter one gives the CLI's events under the same flags, and fewer", async () => {
    const rule = { overLimitToleranceMph: 9, overLimitMinSeconds: 240 };
    const strict = (await bundle(request(limits({ overLimit: rule })))).get('events.csv')!.toString('utf8');
    expect(strict).toBe(
      await cliEvents(['--road-limits', roadsFile, '--speed-tolerance', '9', '--speed-min-seconds', '240']),
    );
    const usual = (await bundle(request(limits()))).get('events.csv')!.toString('utf8');
    expect(overLimitRowsOf(strict).length).toBeLessThan(overLimitRowsOf(usual).length);
    for (const e of overLimitRowsOf(strict)) expect(e.endMs - e.startMs).toBeGreaterThanOrEqual(240_000);
  }, 120_000);

  it('without roadLimits (the screen could not read them) has no over-limit rows and the report no such line', async () => {
    const files = await bundle(request());
    const events = files.get('events.csv')!.toString('utf8');
    expect(overLimitRowsOf(events)).toEqual([]);
    expect(events.split('\r\n').length).toBeGreaterThan(2);
    expect(reports.at(-1)).not.toContain('Over the limit');
  });

  it('refuses limits that are no longer the kept ones, at begin and when they change before the bundle is built', async () => {
    const refusal = { ok: false, error: { kind: 'bad-request', message: ROAD_LIMITS_CHANGED } };
    for (const stale of [
      limits({ indexId: 'a-replaced-index' }),
      limits({ indexId: null }),
      limits({ zonesId: 'zones-never-kept' }),
    ])
      expect(await call(backend, 'audit:begin', request(stale))).toMatchObject(refusal);
    const auditId = await begin(request(limits()));
    // A 10 mph zone around a stretch the truck drove at speed on the first day, at noon UTC (inside the range).
    const day = stored.get('2026-11-04')!.chunk;
    const at = day.t.findIndex((t, i) => t >= Date.parse('2026-11-04T12:00:00Z') && day.speed[i]! > 50);
    const [lat, lng] = [day.lat[at]!, day.lng[at]!];
    const ring = [
      [lng - 0.03, lat - 0.03],
      [lng + 0.03, lat - 0.03],
      [lng + 0.03, lat + 0.03],
      [lng - 0.03, lat + 0.03],
      [lng - 0.03, lat - 0.03],
    ];
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Yard', maxspeed: '10 mph' },
          geometry: { type: 'Polygon', coordinates: [ring] },
        },
      ],
    });
    const zones = await ok<{ id: string }>(backend, 'zones:set', 'yard.geojson', geojson);
    try {
      expect(await call(backend, 'audit:finish', auditId, 'audit.zip')).toMatchObject(refusal);
      // The screen drawn again names the zones too: the zone's limit wins there, as the CLI's --speed-zones.
      const events = (await bundle(request(limits({ zonesId: zones.id })))).get('events.csv')!.toString('utf8');
      expect(overLimitRowsOf(events).filter((e) => e.source === 'zone' && e.limitMph === 10).length).toBeGreaterThan(0);
      const zonesFile = path.join(dir, 'yard.geojson');
      writeFileSync(zonesFile, geojson);
      expect(events).toBe(await cliEvents(['--road-limits', roadsFile, '--speed-zones', zonesFile]));
    } finally {
      await ok(backend, 'zones:set', 'yard.geojson', null);
    }
  }, 120_000);
});
