import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { openRoadLimits } from '../../electron/node/roads/open.ts';
import { countsOfBuild } from '../../electron/node/roads/app-store-build.ts';
import type { IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import type { RoadImportState, RoadLimitsInfo, SpeedZonesInfo } from '../../shared/ipc/roads-contract.ts';
import { decodeRoadIndex } from '../../shared/roads/rlidx.ts';
import { createTestBackend } from '../support/test-backend.ts';

const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');
const ANDORRA = readFileSync(path.join(OSM, 'andorra.osm.pbf'));
const NOW = Date.parse('2026-11-20T15:00:00Z');

let dataDir: string;
let backend: Backend;

async function call<T>(channel: IpcChannel, ...args: unknown[]): Promise<IpcReply<T>> {
  return (await dispatch(backend, channel, args, true)) as IpcReply<T>;
}
async function ok<T>(channel: IpcChannel, ...args: unknown[]): Promise<T> {
  const reply = await call<T>(channel, ...args);
  if (!reply.ok) throw new Error(`${channel} failed: ${reply.error.message}`);
  return reply.result;
}
async function refused(channel: IpcChannel, ...args: unknown[]): Promise<{ kind: string; message: string }> {
  const reply = await call(channel, ...args);
  if (reply.ok) throw new Error(`${channel} was expected to fail`);
  return reply.error;
}

const ended = (s: RoadImportState) => s.phase !== 'receiving' && s.phase !== 'building';
async function settle(id: string, seen: RoadImportState[] = []): Promise<RoadImportState> {
  for (;;) {
    const s = await ok<RoadImportState>('roads:importPoll', id);
    seen.push(s);
    if (ended(s)) return s;
    await new Promise((r) => setTimeout(r, 5));
  }
}
async function send(name: string, bytes: Uint8Array, piece = 128 * 1024): Promise<string> {
  const id = await ok<string>('roads:importBegin', name, bytes.length);
  for (let at = 0; at < bytes.length; at += piece) await ok('roads:importWrite', id, bytes.subarray(at, at + piece));
  return id;
}
async function importFile(name: string, bytes: Uint8Array, seen: RoadImportState[] = []): Promise<RoadImportState> {
  const id = await send(name, bytes);
  await ok('roads:importFinish', id);
  return settle(id, seen);
}
async function keptBytes(info: RoadLimitsInfo): Promise<Uint8Array> {
  const out = new Uint8Array(info.bytes);
  for (let at = 0; at < info.bytes;) {
    const piece = await ok<Uint8Array>('roads:read', info.id, at, Math.min(300_000, info.bytes - at));
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
const leftovers = () =>
  readdirSync(path.join(dataDir, 'road-limits')).filter(
    (n) => !/^(current\.rlidx|info\.json|zones\.(geojson|json))$/.test(n),
  );
function doneInfo(s: RoadImportState): RoadLimitsInfo {
  if (s.phase !== 'done') throw new Error(`import ended ${JSON.stringify(s)}`);
  return s.info;
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-roads-'));
  backend = createTestBackend(dataDir, { now: () => NOW, demo: { now: () => NOW, seed: 7 } });
});
afterEach(async () => {
  await backend.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('roads: importing an extract into the kept index', () => {
  it('builds a real extract sent in pieces, reports both passes, and hands the same index back in pieces', async () => {
    expect(await ok('roads:status')).toBeNull();
    const seen: RoadImportState[] = [];
    const info = doneInfo(await importFile('andorra.osm.pbf', ANDORRA, seen));
    const direct = await openRoadLimits(path.join(OSM, 'andorra.osm.pbf'));
    expect(info).toMatchObject({ fileName: 'andorra.osm.pbf', origin: 'import', importedAt: NOW });
    expect(info.ways).toBe(direct.index.ways.length);
    expect(info.segments).toBe(direct.index.segWay.length);
    expect(info.counts).toEqual(countsOfBuild(direct.counts!));
    // Each pass goes from 0 to 1, pass 2 after pass 1: (pass - 1 + fraction) never goes back.
    const steps = seen.flatMap((s) => (s.phase === 'building' ? [s] : []));
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) expect(s.fraction >= 0 && s.fraction <= 1).toBe(true);
    const along = steps.map((s) => s.pass - 1 + s.fraction);
    expect(along).toEqual([...along].sort((a, b) => a - b));
    expect(await ok('roads:status')).toEqual(info);
    const back = decodeRoadIndex(await keptBytes(info), 'kept');
    expect(back.ways.map((w) => w.wayId)).toEqual(direct.index.ways.map((w) => w.wayId));
    expect(leftovers()).toEqual([]);
  });

  it('accepts a built .rlidx as is, with counts from its ways, under a new id', async () => {
    const first = doneInfo(await importFile('andorra.osm.pbf', ANDORRA));
    const bytes = await keptBytes(first);
    const second = doneInfo(await importFile('andorra.rlidx', bytes));
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ fileName: 'andorra.rlidx', bytes: first.bytes, ways: first.ways });
    expect(second.counts).toEqual({ ...first.counts, refused: 0 });
    expect(Buffer.compare(await keptBytes(second), bytes)).toBe(0);
  });

  it('refuses a text file, a truncated extract and a damaged index with one sentence naming the file, keeping the old index', async () => {
    const kept = doneInfo(await importFile('andorra.osm.pbf', ANDORRA));
    const text = await importFile('baltimore.txt', new TextEncoder().encode('lat,lng\n39.2,-76.6\n'));
    expect(text).toEqual({
      phase: 'failed',
      message: expect.stringMatching(
        /^baltimore\.txt is not an OpenStreetMap extract \(\.osm\.pbf, \.osm, \.osm\.gz\) or a road index/,
      ),
    });
    const truncated = await importFile('andorra-cut.osm.pbf', ANDORRA.subarray(0, 200_000));
    expect(truncated.phase).toBe('failed');
    const damaged = (await keptBytes(kept)).slice(0, Math.floor(kept.bytes / 2));
    const badIndex = await importFile('broken.rlidx', damaged);
    expect(badIndex.phase).toBe('failed');
    // Whole in size, but its header's counts overwritten: the reader checks them before use.
    const scrambled = await keptBytes(kept);
    scrambled.fill(0xff, 12, 40);
    const badCounts = await importFile('scrambled.rlidx', scrambled);
    expect(badCounts.phase).toBe('failed');
    for (const [s, name] of [
      [badCounts, 'scrambled.rlidx'],
      [truncated, 'andorra-cut.osm.pbf'],
      [badIndex, 'broken.rlidx'],
    ] as const) {
      if (s.phase !== 'failed') throw new Error('expected a failure');
      expect(s.message).toContain(name);
      expect(s.message).not.toContain(dataDir);
    }
    expect(await ok('roads:status')).toEqual(kept);
    expect(leftovers()).toEqual([]);
  });

  it('stops an upload that passes its announced size or arrives short, and refuses a second import while one runs', async () => {
    const id = await ok<string>('roads:importBegin', 'andorra.osm.pbf', 1000);
    expect((await refused('roads:importBegin', 'other.osm.pbf', 10)).message).toMatch(
      /andorra\.osm\.pbf is still running/,
    );
    await ok('roads:importWrite', id, ANDORRA.subarray(0, 600));
    const over = await refused('roads:importWrite', id, ANDORRA.subarray(600, 1200));
    expect(over.message).toMatch(/more than the 1000 bytes announced/);
    expect(await ok('roads:importPoll', id)).toMatchObject({ phase: 'failed' });
    expect(leftovers()).toEqual([]);
    const short = await ok<string>('roads:importBegin', 'short.osm.pbf', 900);
    await ok('roads:importWrite', short, ANDORRA.subarray(0, 500));
    expect(await ok('roads:importPoll', short)).toEqual({ phase: 'receiving', bytesReceived: 500, bytesTotal: 900 });
    expect((await refused('roads:importFinish', short)).message).toMatch(/arrived incomplete \(500 of 900 bytes\)/);
    expect(await ok('roads:status')).toBeNull();
    expect(leftovers()).toEqual([]);
  });

  it('refuses unknown import ids, stale and out-of-bounds reads, and bad arguments', async () => {
    for (const ch of ['roads:importPoll', 'roads:importFinish', 'roads:importCancel'] as const)
      expect((await refused(ch, 'no-such-import')).kind).toBe('not-found');
    expect((await refused('roads:importWrite', 'no-such-import', new Uint8Array(4))).kind).toBe('not-found');
    expect((await refused('roads:read', 'whatever', 0, 10)).kind).toBe('not-found');
    const first = doneInfo(await importFile('andorra.osm.pbf', ANDORRA));
    expect((await refused('roads:read', first.id, first.bytes - 5, 10)).message).toMatch(/outside the road index/);
    const second = doneInfo(await importFile('again.osm.pbf', ANDORRA));
    expect((await refused('roads:read', first.id, 0, 10)).message).toMatch(/no longer the one kept/);
    expect((await ok<Uint8Array>('roads:read', second.id, 0, 10)).length).toBe(10);
    expect((await refused('roads:read', second.id, 0, 8 * 1024 ** 2 + 1)).message).toMatch(/invalid arguments/);
    expect((await refused('roads:importBegin', 'bad\nname.pbf', 10)).message).toMatch(/invalid arguments/);
    expect((await refused('roads:importBegin', 'x'.repeat(256), 10)).message).toMatch(/invalid arguments/);
    expect((await refused('roads:importBegin', 'empty.pbf', 0)).message).toMatch(/empty\.pbf cannot be imported/);
    const id = await ok<string>('roads:importBegin', 'a.pbf', 10);
    expect((await refused('roads:importWrite', id, 'not bytes')).message).toMatch(/invalid arguments/);
    expect((await refused('roads:importWrite', id, new Uint8Array(8 * 1024 ** 2 + 1))).message).toMatch(
      /invalid arguments/,
    );
  });
});

describe('roads: cancelling an import', () => {
  it('cancels while receiving and mid-build: the old index stays, no temporary file is left', async () => {
    const kept = doneInfo(await importFile('andorra.osm.pbf', ANDORRA));
    const receiving = await send('half.osm.pbf', ANDORRA.subarray(0, 100_000));
    await ok('roads:importCancel', receiving);
    expect(await ok('roads:importPoll', receiving)).toEqual({ phase: 'cancelled' });
    expect(leftovers()).toEqual([]);

    const bayreuth = readFileSync(path.join(OSM, 'north-bayreuth.osm.gz'));
    const id = await send('north-bayreuth.osm.gz', bayreuth);
    await ok('roads:importFinish', id);
    for (;;) {
      const s = await ok<RoadImportState>('roads:importPoll', id);
      if (s.phase === 'building' && s.fraction > 0) break;
      if (ended(s)) throw new Error(`the build ended before it could be cancelled: ${s.phase}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    await ok('roads:importCancel', id);
    expect(await ok('roads:importPoll', id)).toEqual({ phase: 'cancelled' });
    expect(await ok('roads:status')).toEqual(kept);
    expect(leftovers()).toEqual([]);
    // Nothing runs any more: a new import may begin.
    expect(typeof (await ok<string>('roads:importBegin', 'next.osm.pbf', 10))).toBe('string');
  });
});

describe('roads: the kept index across restarts, removal and the demo', () => {
  it('is found again by a new backend on the same folder, which clears temporary files left by a crash', async () => {
    const kept = doneInfo(await importFile('andorra.osm.pbf', ANDORRA));
    await backend.close();
    writeFileSync(path.join(dataDir, 'road-limits', 'tmp-import-crashed'), 'half an upload');
    backend = createTestBackend(dataDir, { now: () => NOW });
    expect(await ok('roads:status')).toEqual(kept);
    expect(leftovers()).toEqual([]);
    expect(await ok('roads:remove')).toBeNull();
    expect(await ok('roads:status')).toBeNull();
    expect((await refused('roads:read', kept.id, 0, 10)).kind).toBe('not-found');
  });

  it('installs the demo roads with the demo carriers, once, and never over an import', async () => {
    await ok('carriers:addDemo');
    const demo = (await ok<RoadLimitsInfo>('roads:status'))!;
    expect(demo).toMatchObject({ origin: 'demo', fileName: 'RouteLens demo roads' });
    // The simulator tags its roads' limits: almost every demo way is posted.
    expect(demo.counts.posted).toBeGreaterThan(demo.ways * 0.9);
    await ok('carriers:addDemo');
    expect(await ok('roads:status')).toEqual(demo);

    const other = mkdtempSync(path.join(tmpdir(), 'routelens-roads-'));
    const second = createTestBackend(other, { now: () => NOW, demo: { now: () => NOW, seed: 7 } });
    try {
      const mine = backend;
      backend = second;
      const imported = doneInfo(await importFile('andorra.osm.pbf', ANDORRA));
      await ok('carriers:addDemo');
      expect(await ok('roads:status')).toEqual(imported);
      backend = mine;
    } finally {
      await second.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("zones: the user's speed zones", () => {
  const square = (name: string, limit: string) => ({
    type: 'Feature',
    properties: { name, maxspeed: limit },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-76.6, 39.2],
          [-76.5, 39.2],
          [-76.5, 39.3],
          [-76.6, 39.3],
          [-76.6, 39.2],
        ],
      ],
    },
  });
  const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

  it('keeps a file read whole, refuses a file with bad features naming each, and removes them', async () => {
    expect(await ok('zones:get')).toBeNull();
    const text = collection(square('Yard', '10 mph'), square('School', '20 mph'));
    const kept = await ok<SpeedZonesInfo>('zones:set', 'yards.geojson', text);
    expect(kept).toMatchObject({ fileName: 'yards.geojson', zones: 2, geojson: text, importedAt: NOW });
    const bad = collection(square('Yard', '10 mph'), square('No unit', '25'), {
      type: 'Feature',
      properties: {},
      geometry: null,
    });
    const error = await refused('zones:set', 'bad.geojson', bad);
    expect(error.message).toMatch(/^bad\.geojson was not imported: /);
    expect(error.message).toContain('features[1]');
    expect(error.message).toContain('features[2]');
    expect(await ok('zones:get')).toEqual(kept);
    expect((await refused('zones:set', 'big.geojson', ' '.repeat(5_000_001))).message).toMatch(/invalid arguments/);
    expect(await ok('zones:set', 'yards.geojson', null)).toBeNull();
    expect(await ok('zones:get')).toBeNull();
  });
});
