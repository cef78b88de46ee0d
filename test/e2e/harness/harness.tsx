// Over 300 lines: the one page object (HarnessApi) holding every store operation the specs and benches call.
/**
 * Store harness: the real store modules (Dexie schema, writer worker,
 * transactions) on a bare page, for store-*.spec.ts and bench/indexeddb-write.ts.
 * A .tsx on purpose: it is DOM code, kept out of the Node TypeScript project
 * (checked with test/e2e/harness/tsconfig.json).
 */
import Dexie from 'dexie';
import type { WireLocationRecord } from '../../../shared/api/wire.ts';
import { parseLocationRecord } from '../../../shared/api/validate.ts';
import { buildDayChunk } from '../../../shared/track/day-chunk.ts';
import { summarizeDay } from '../../../shared/track/summary.ts';
import type { Breadcrumb, DayChunk } from '../../../shared/track/types.ts';
import { dayOfMs } from '../../../shared/util/day.ts';
import { chunkBytes } from '../../../renderer/src/store/bytes.ts';
import {
  DAY_KEY,
  DB_NAME,
  RouteLensDb,
  SCHEMA_V1,
  SCHEMA_V5,
  SCHEMA_V6,
  SCHEMA_V7,
  getDb,
  vehicleDays,
} from '../../../renderer/src/store/db.ts';
import { StoreError } from '../../../renderer/src/store/errors.ts';
import { writer } from '../../../renderer/src/store/writer.ts';
import { KEPT_QUERIES, putInboxDays, readInboxDays, writeInboxDays } from '../../../renderer/src/store/inbox-cache.ts';
import {
  deleteCarrier as deleteCarrierRows,
  deleteVehicleDays,
  putDay,
  putDays,
  refreshOverviews,
} from '../../../renderer/src/store/writes.ts';
import { storedOverviewOf } from '../../../renderer/src/store/overview-rows.ts';
import { putMark } from '../../../renderer/src/store/trail.ts';
import { keepAnalysisColumns, readAnalysisChunks } from '../../../renderer/src/store/analysis-reads.ts';
import { coverageDigestSteps } from './coverage-digest-steps.ts';
import { generateRandomTrack, toDayChunks } from '../../support/tracks.ts';
import { fleetTemplates, fleetVehicleDays } from '../../support/fleet-templates.ts';
import type { Dump, HarnessApi, HarnessResult, StoredSummary } from './api.ts';

const generated = new Map<string, DayChunk>();
/** The bench fleet's templates, generated once per page and range. */
let fleet: { key: string; templates: DayChunk[][] } | null = null;
let benchWorker: Worker | null = null;
let benchAsks = 0;
const key = (vehicleId: string, day: string) => `${vehicleId}/${day}`;
const dayKey = (r: { carrierId: string; vehicleId: string; day: string }) => `${r.carrierId}/${r.vehicleId}/${r.day}`;

function slice(chunk: DayChunk, n: number): DayChunk {
  return {
    ...chunk,
    length: n,
    t: chunk.t.slice(0, n),
    lat: chunk.lat.slice(0, n),
    lng: chunk.lng.slice(0, n),
    speed: chunk.speed.slice(0, n),
    direction: chunk.direction.slice(0, n),
    status: chunk.status.slice(0, n),
    id: chunk.id.slice(0, n),
    location: chunk.location.slice(0, n),
  };
}

async function result<T>(p: Promise<T>): Promise<HarnessResult<T>> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (err instanceof StoreError) return { ok: false, kind: err.failure.kind, message: err.failure.message };
    return { ok: false, kind: 'error', message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

async function dump(dbName: string = DB_NAME): Promise<Dump> {
  const db = dbName === DB_NAME ? getDb() : new RouteLensDb(dbName);
  const [chunks, summaries, coverage, rejections, overviews] = await Promise.all([
    db.dayChunks.toArray(),
    db.daySummaries.toArray(),
    db.dayCoverage.toArray(),
    db.dayRejections.toArray(),
    db.dayOverviews.count(),
  ]);
  const s = new Map(summaries.map((x) => [dayKey(x), x.points]));
  const r = new Map(rejections.map((x) => [dayKey(x), x.records.length]));
  return {
    days: chunks.map((c) => ({
      carrierId: c.carrierId,
      vehicleId: c.vehicleId,
      day: c.day,
      ids: [...c.chunk.id],
      t: [...c.chunk.t],
      summaryPoints: s.get(dayKey(c)) ?? null,
      rejections: r.get(dayKey(c)) ?? null,
    })),
    coverage,
    counts: {
      chunks: chunks.length,
      summaries: summaries.length,
      coverage: coverage.length,
      rejections: rejections.length,
      overviews,
    },
  };
}

const harness: HarnessApi = {
  putDays(o) {
    const chunks = o.days.map((d) => generated.get(key(o.vehicleId, d)));
    if (chunks.some((c) => !c))
      return Promise.resolve({ ok: false, kind: 'harness', message: 'a day was not generated' });
    // Copies: moving the arrays empties them here, and the generated days must stay readable.
    const inputs = chunks.map((c) => ({
      carrierId: o.carrierId,
      chunk: slice(c!, c!.length),
      complete: true,
      rejected: [],
    }));
    const sent = inputs.flatMap((i) => [
      i.chunk.t,
      i.chunk.lat,
      i.chunk.lng,
      i.chunk.speed,
      i.chunk.direction,
      i.chunk.status,
    ]);
    const detached = () => sent.every((a) => a.length === 0);
    if (o.via === 'worker')
      return result(writer.putDays(inputs, { move: true }).then((coverage) => ({ coverage, detached: detached() })));
    const beforeCommit = o.throwInside
      ? () => {
          throw new Error('injected failure inside the transaction');
        }
      : undefined;
    return result(putDays(getDb(), inputs, { beforeCommit }).then((coverage) => ({ coverage, detached: detached() })));
  },
  generate(vehicleId, seed, days, startMs) {
    const chunks = toDayChunks(vehicleId, generateRandomTrack(seed, days, { startMs }));
    for (const c of chunks) generated.set(key(vehicleId, c.day), c);
    return chunks.map((c) => ({ day: c.day, ids: [...c.id] }));
  },
  putDay(o) {
    const full = generated.get(key(o.vehicleId, o.day));
    if (!full) return Promise.resolve({ ok: false, kind: 'harness', message: `day ${o.day} was not generated` });
    const chunk = o.take === undefined ? full : slice(full, o.take);
    const rejected = Array.from({ length: o.rejected ?? 0 }, (_, i) => ({
      reason: `bad lat (test ${i})`,
      id: `bad-${i}`,
    }));
    const input = { carrierId: o.carrierId, chunk, complete: o.complete, rejected };
    if (o.via === 'worker') return result(writer.putDay(input));
    return result(
      putDay(getDb(), input, {
        beforeCommit: o.throwInside
          ? () => {
              throw new Error('injected failure inside the transaction');
            }
          : undefined,
      }),
    );
  },
  deleteVehicleDays: (carrierId, vehicleId, from, to) =>
    result(writer.deleteVehicleDays(carrierId, vehicleId, from, to)),
  deleteCarrier: (carrierId) => result(writer.deleteCarrier(carrierId)),
  dump,
  async createV1(dbName, carrierId, vehicleId, days) {
    const v1 = new Dexie(dbName);
    v1.version(1).stores(SCHEMA_V1);
    await v1.open();
    for (const [i, day] of days.entries()) {
      const chunk = generated.get(key(vehicleId, day));
      if (!chunk) throw new Error(`day ${day} was not generated`);
      await v1.table('chunks').put({ carrierId, vehicleId, day, chunk });
      await v1
        .table('coverage')
        // Distinct fetch times, the newest not the first day's: the fetchedAt index has an order to find.
        .put({ carrierId, vehicleId, day, state: 'complete', points: chunk.length, fetchedAt: Date.now() - i });
    }
    v1.close();
  },
  async estimate() {
    const e = await navigator.storage.estimate();
    return { usage: e.usage ?? 0, quota: e.quota ?? 0 };
  },
  rawCoverage: (dbName) =>
    new Promise((resolve, reject) => {
      const req = indexedDB.open(dbName);
      req.onerror = () => reject(new Error(String(req.error)));
      req.onsuccess = () => {
        const db = req.result;
        const all = db.transaction('coverage').objectStore('coverage').getAll();
        all.onsuccess = () => {
          resolve({ version: db.version, rows: all.result as Record<string, unknown>[] });
          db.close();
        };
      };
    }),
  async openCurrent(dbName) {
    const db = new RouteLensDb(dbName);
    await db.open();
    const coverage = await db.dayCoverage.toArray();
    const expectedBytes: Record<string, number> = {};
    for (const c of await db.dayChunks.toArray()) expectedBytes[c.day] = chunkBytes(c.chunk);
    const first = coverage[0];
    const indexed = first
      ? await db.dayCoverage
          .where(DAY_KEY)
          .between(...vehicleDays(first.carrierId, first.vehicleId), true, true)
          .count()
      : 0;
    const verno = db.verno;
    // Version 4's index: the newest fetch, found without reading every row.
    const newestFetchedAt = (await db.dayCoverage.orderBy('fetchedAt').last())?.fetchedAt ?? null;
    // Version 3's review trail: a mark stored through the store's own write, found by the vehicle index,
    // and kept when the vehicle's days are deleted (the trail is not downloaded data).
    let marksKept = 0;
    const overviews = { upgraded: await db.dayOverviews.count(), stored: 0, afterDelete: 0 };
    const columns = {
      upgraded: await db.dayAnalysisColumns.count(),
      fromChunks: 0,
      kept: 0,
      keptAgain: 0,
      fromChunksAgain: -1,
      sameReadings: false,
      afterDelete: -1,
    };
    if (first) {
      // Version 5's table takes an overview built on read (as the Review does) and loses it with the day.
      const { carrierId, vehicleId, day } = first;
      const chunk = (await db.dayChunks.get([carrierId, vehicleId, day]))!.chunk;
      await refreshOverviews(db, [{ carrierId, vehicleId, day, overview: storedOverviewOf(chunk) }]);
      overviews.stored = await db.dayOverviews.count();

      const startMs = first.fetchedAt;
      const mark = {
        key: `${first.vehicleId}|speeding|${startMs}`,
        vehicleId: first.vehicleId,
        kind: 'speeding' as const,
        startMs,
        endMs: startMs + 60_000,
        state: 'coached' as const,
        note: 'talked on the phone',
        reviewedAt: startMs + 1,
        reviewer: '',
        history: [],
      };
      await putMark(db, first.carrierId, mark);
      // Version 9's analysis columns: none after the upgrade; the inbox's read takes the chunks then keeps them.
      const ownDays = coverage.filter((r) => r.vehicleId === first.vehicleId);
      const stored = new Map([[first.vehicleId, new Map(ownDays.map((r) => [r.day, r.fetchedAt]))]]);
      const days = ownDays.map((r) => r.day).sort();
      const read = () => readAnalysisChunks(db, carrierId, vehicleId, days[0]!, days.at(-1)!, stored.get(vehicleId)!);
      const firstRead = await read();
      columns.fromChunks = firstRead.fromChunks;
      columns.kept = await keepAnalysisColumns(db, firstRead.built, stored);
      columns.keptAgain = await keepAnalysisColumns(db, firstRead.built, stored);
      const again = await read();
      columns.fromChunksAgain = again.fromChunks;
      columns.sameReadings = again.chunks.every((c, k) => {
        const full = firstRead.chunks[k]!;
        return (
          c.day === full.day &&
          c.t.join() === full.t.join() &&
          c.speed.join() === full.speed.join() &&
          c.status.join() === full.status.join() &&
          c.location.join('|') === full.location.join('|')
        );
      });
      await deleteVehicleDays(db, first.carrierId, first.vehicleId, null, null);
      overviews.afterDelete = await db.dayOverviews.count();
      columns.afterDelete = await db.dayAnalysisColumns.count();
      marksKept = await db.marks.where('[carrierId+vehicleId]').equals([first.carrierId, first.vehicleId]).count();
    }
    db.close();
    return { verno, coverage, expectedBytes, indexed, marksKept, newestFetchedAt, overviews, columns };
  },
  async createV6(dbName, rows) {
    const v6 = new Dexie(dbName);
    v6.version(6).stores(SCHEMA_V6);
    await v6.open();
    const carriers = new Set<string>();
    for (const [i, r] of rows.entries()) {
      const chunk = generated.get(key(r.vehicleId, r.day));
      if (!chunk) throw new Error(`day ${r.day} of ${r.vehicleId} was not generated`);
      const { carrierId, vehicleId, day } = r;
      const records = Array.from({ length: r.rejected }, (_, k) => ({ reason: `bad lat (test ${k})`, id: `bad-${k}` }));
      // As version 6's putDays wrote them (store/writes.ts), keyed [vehicleId+day].
      await v6.table('chunks').put({ carrierId, vehicleId, day, chunk });
      await v6.table('summaries').put({ ...summarizeDay(chunk), carrierId });
      await v6.table('rejections').put({ carrierId, vehicleId, day, records });
      await v6.table('overviews').put({ carrierId, vehicleId, day, overview: storedOverviewOf(chunk) });
      await v6.table('coverage').put({
        carrierId,
        vehicleId,
        day,
        state: 'complete',
        points: chunk.length,
        bytes: chunkBytes(chunk),
        fetchedAt: 1_000 + i,
      });
      if (carriers.has(carrierId)) continue;
      carriers.add(carrierId);
      const startMs = chunk.t[0]!;
      await v6.table('marks').put({
        carrierId,
        key: `${vehicleId}|speeding|${startMs}`,
        vehicleId,
        kind: 'speeding',
        startMs,
        endMs: startMs + 60_000,
        state: 'coached',
        note: `mark of ${carrierId}`,
        reviewedAt: startMs + 1,
      });
      await v6
        .table('inboxDays')
        .put({ carrierId, query: 'q', vehicleId, day, stamp: `stamp of ${carrierId}`, part: null });
      await v6.table('inboxQueries').put({ carrierId, query: 'q', usedAt: 1 });
    }
    // A row no version of the app wrote (no carrier): it has no key in version 7, and must not stop the upgrade.
    const first = rows[0]!;
    const chunk = generated.get(key(first.vehicleId, first.day))!;
    await v6.table('chunks').put({ vehicleId: 'no-carrier', day: first.day, chunk });
    v6.close();
  },
  async keptApart() {
    const db = getDb();
    await db.open();
    return {
      verno: db.verno,
      tables: db.tables.map((t) => t.name).sort(),
      marks: (await db.marks.toArray()).map((m) => `${m.carrierId}: ${m.note}`).sort(),
      inboxDays: (await db.inboxMonths.toArray())
        .flatMap((r) => r.days.map((d) => `${r.carrierId}/${r.vehicleId}/${d.day}: ${d.stamp}`))
        .sort(),
    };
  },
  async inboxUpgradeFromV5(dbName) {
    const v5 = new Dexie(dbName);
    v5.version(5).stores(SCHEMA_V5);
    await v5.open();
    await v5.table('inboxCache').put({ carrierId: 'c1', query: 'q', vehicleId: 'v1', stamp: 's', result: null });
    await v5.table('coverage').put({
      carrierId: 'c1',
      vehicleId: 'v1',
      day: '2026-11-02',
      state: 'complete',
      points: 3,
      bytes: 90,
      fetchedAt: 1,
    });
    await v5.table('marks').put({
      carrierId: 'c1',
      key: 'v1|gap|5',
      vehicleId: 'v1',
      kind: 'gap',
      startMs: 5,
      endMs: 9,
      state: 'coached',
      note: 'kept',
      reviewedAt: 7,
    });
    v5.close();
    const db = new RouteLensDb(dbName);
    await db.open();
    const row = (day: string) => ({ carrierId: 'c1', query: 'q', vehicleId: 'v1', day, stamp: day, part: null });
    await writeInboxDays(db, 'c1', 'q', ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'].map(row), [], 1);
    const read = await readInboxDays(db, 'c1', 'q', '2026-11-02', '2026-11-03');
    const out = {
      verno: db.verno,
      tables: db.tables.map((t) => t.name).sort(),
      coverage: await db.dayCoverage.count(),
      marks: (await db.marks.toArray()).map((m) => m.note),
      readDays: [...(read.get('v1')?.keys() ?? [])].sort(),
    };
    db.close();
    return out;
  },
  async inboxCacheKeeping(dbName) {
    const db = new RouteLensDb(dbName);
    const DAY = '2026-11-01';
    const row = (carrierId: string, query: string, vehicleId: string) => ({
      carrierId,
      query,
      vehicleId,
      day: DAY,
      stamp: `${vehicleId}@${query}`,
      part: null,
    });
    const queries = Array.from({ length: KEPT_QUERIES + 2 }, (_, i) => `q${i}`);
    await writeInboxDays(db, 'c2', 'q0', [row('c2', 'q0', 'w1')], [], 500);
    for (const [i, q] of queries.entries())
      await writeInboxDays(db, 'c1', q, [row('c1', q, 'v1'), row('c1', q, 'v2')], [], 1000 + i);
    // The oldest kept query used again, its v2 gone from the carrier's stored days.
    const reused = queries[2]!;
    await writeInboxDays(db, 'c1', reused, [], [['v2', DAY]], 2000);
    await writeInboxDays(db, 'c1', 'q-new', [row('c1', 'q-new', 'v1')], [], 2001);
    const list = async () =>
      (await db.inboxMonths.toArray())
        .flatMap((r) => r.days.map(() => `${r.carrierId}/${r.query}/${r.vehicleId}`))
        .sort();
    const kept = await list();
    const read = await readInboxDays(db, 'c1', reused, DAY, DAY);
    await deleteCarrierRows(db, 'c1');
    const afterDelete = await list();
    const queriesLeft = (await db.inboxQueries.toArray()).map((q) => `${q.carrierId}/${q.query}`);
    db.close();
    return {
      kept,
      read: [...read.values()].flatMap((days) => [...days.values()].map((r) => r.stamp)),
      afterDelete,
      queriesLeft,
    };
  },
  async inboxMonthRows(dbName) {
    const db = new RouteLensDb(dbName);
    const row = (vehicleId: string, day: string, stamp: string) => ({
      carrierId: 'c1',
      query: 'q',
      vehicleId,
      day,
      stamp,
      part: null,
    });
    // v3's torn rows are the reader's to refuse, not this list's.
    const months = async () =>
      (await db.inboxMonths.toArray())
        .filter((r) => r.vehicleId !== 'v3')
        .map((r) => `${r.vehicleId}/${r.month}: ${r.days.map((d) => `${d.day}=${d.stamp}`).join(' ')}`)
        .sort();
    const days = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'];
    await writeInboxDays(
      db,
      'c1',
      'q',
      days.map((d) => row('v1', d, 'a')),
      [],
      1,
    );
    const written = await months();
    await putInboxDays(db, [row('v1', '2026-11-01', 'b'), row('v2', '2026-10-31', 'a')]);
    // Torn rows: days not a list, and a list whose entries lack a stamp or a day.
    await db.inboxMonths.bulkPut([
      { carrierId: 'c1', query: 'q', vehicleId: 'v3', month: '2026-10', days: 'torn' as never },
      { carrierId: 'c1', query: 'q', vehicleId: 'v3', month: '2026-11', days: [{ day: '2026-11-01' }, 7] as never },
    ]);
    const merged = await months();
    const read = [...(await readInboxDays(db, 'c1', 'q', '2026-10-31', '2026-11-01', ['v1', 'v2', 'v3']))]
      .flatMap(([v, byDay]) => [...byDay.values()].map((r) => `${v} ${r.day}=${r.stamp}`))
      .sort();
    await writeInboxDays(
      db,
      'c1',
      'q',
      [],
      [
        ['v1', '2026-10-30'],
        ['v1', '2026-10-31'],
      ],
      2,
    );
    const dropped = await months();
    db.close();
    return { written, merged, read, dropped };
  },
  coverageDigestSteps,
  async ageSummaries() {
    const db = getDb();
    const rows = await db.daySummaries.toArray();
    const aged = rows.map((r) => {
      const { rule: _rule, outliers: _outliers, ...rest } = r;
      return {
        ...rest,
        params: {
          speedingThresholdMph: r.params.speedingThresholdMph,
          speedingMinSeconds: r.params.speedingMinSeconds,
          gapSeconds: r.params.gapSeconds,
          parkedGapSeconds: 7200,
        },
        maxSpeedMph: 13021.7,
        movingSeconds: r.movingSeconds + 1234,
        speedingEvents: r.speedingEvents + 5,
      };
    });
    await db.daySummaries.bulkPut(aged as never);
    return aged as unknown as StoredSummary[];
  },
  async summaries() {
    return (await getDb().daySummaries.toArray()) as unknown as StoredSummary[];
  },
  async benchWrite(records: WireLocationRecord[], carrierId, vehicleId, daysPerTransaction = 1) {
    const chunks = benchChunks(records, vehicleId);
    const total = chunks.reduce((n, c) => n + c.length, 0);
    // Warm the worker and the database so the figure is the steady-state write rate.
    await writer.deleteVehicleDays(carrierId, 'warm-up', null, null);
    const t0 = performance.now();
    // As the download manager does: the days of one poll (at most the backpressure's few) in one transaction, arrays moved.
    for (let i = 0; i < chunks.length; i += daysPerTransaction) {
      const batch = chunks
        .slice(i, i + daysPerTransaction)
        .map((chunk) => ({ carrierId, chunk, complete: true, rejected: [] }));
      await writer.putDays(batch, { move: true });
    }
    const ms = performance.now() - t0;
    return { days: chunks.length, records: total, ms };
  },
  async damageInboxDays(vehicleId) {
    const db = getDb();
    const rows = (await db.inboxMonths.toArray()).filter((r) => r.vehicleId === vehicleId);
    // Cut short, as a write torn by a crash would leave it: the counts no longer match what follows.
    const cut = rows.map((r) => ({
      ...r,
      days: r.days.map((d) => (d.part ? { ...d, part: { n: d.part.n.subarray(0, 8), s: d.part.s } } : d)),
    }));
    await db.inboxMonths.bulkPut(cut);
    return rows.reduce((n, r) => n + r.days.filter((d) => d.part !== null).length, 0);
  },
  async benchForgetInbox(o) {
    const db = getDb();
    await db.transaction('rw', [db.inboxMonths, db.inboxQueries, db.dayAnalysisColumns], async () => {
      await db.inboxMonths.clear();
      await db.inboxQueries.clear();
      if (o?.columns) await db.dayAnalysisColumns.clear();
    });
  },
  async benchSeedFleet(o) {
    const key = `${o.from}/${o.days}`;
    if (fleet?.key !== key) fleet = { key, templates: fleetTemplates(o.from, o.days) };
    const t0 = performance.now();
    let vehicleDays = 0;
    let points = 0;
    for (let v = o.first; v < o.first + o.vehicles; v++) {
      const chunks = fleetVehicleDays(fleet.templates, o.carrier, v);
      await putDays(
        getDb(),
        chunks.map((chunk) => ({ carrierId: o.carrierId, chunk, complete: true, rejected: [] })),
      );
      vehicleDays += chunks.length;
      for (const c of chunks) points += c.length;
    }
    return { vehicleDays, points, ms: performance.now() - t0 };
  },
  benchInboxBaseline(o) {
    benchWorker ??= new Worker(new URL('./bench-worker.ts', import.meta.url), { type: 'module' });
    const worker = benchWorker;
    const id = ++benchAsks;
    return new Promise((resolve) => {
      const t0 = performance.now();
      const onAnswer = (e: MessageEvent<{ id: number; points: number; events: number }>) => {
        if (e.data.id !== id) return;
        worker.removeEventListener('message', onAnswer);
        resolve({ ms: performance.now() - t0, points: e.data.points, events: e.data.events });
      };
      worker.addEventListener('message', onAnswer);
      worker.postMessage({ id, ...o });
    });
  },
  async benchBareWrite(records: WireLocationRecord[], carrierId, vehicleId) {
    // The rows putDay writes, built before the clock starts (summaries included): only IndexedDB is timed.
    const days = benchChunks(records, vehicleId).map((chunk) => ({
      chunk: { carrierId, vehicleId, day: chunk.day, chunk },
      summary: { ...summarizeDay(chunk), carrierId },
      rejection: { carrierId, vehicleId, day: chunk.day, records: [] },
      coverage: {
        carrierId,
        vehicleId,
        day: chunk.day,
        state: 'complete' as const,
        points: chunk.length,
        bytes: chunkBytes(chunk),
        fetchedAt: Date.now(),
      },
    }));
    // Plain Dexie with the app's day tables and the browser's default options.
    const db = new Dexie('routelens-bench-bare');
    const { dayChunks, daySummaries, dayRejections, dayCoverage } = SCHEMA_V7;
    db.version(1).stores({ dayChunks, daySummaries, dayRejections, dayCoverage });
    await db.open();
    const [chunks, summaries, rejections, coverage] = ['dayChunks', 'daySummaries', 'dayRejections', 'dayCoverage'].map(
      (t) => db.table(t),
    );
    const t0 = performance.now();
    for (const d of days) {
      await db.transaction('rw', [chunks!, summaries!, rejections!, coverage!], async () => {
        await chunks!.bulkPut([d.chunk]);
        await summaries!.bulkPut([d.summary]);
        await rejections!.bulkPut([d.rejection]);
        await coverage!.bulkPut([d.coverage]);
      });
    }
    const ms = performance.now() - t0;
    db.close();
    return { days: days.length, records: days.reduce((n, d) => n + d.chunk.chunk.length, 0), ms };
  },
};

/** Wire records parsed and grouped into day chunks, as the sync engine hands them over. */
function benchChunks(records: WireLocationRecord[], vehicleId: string): DayChunk[] {
  const byDay = new Map<string, Breadcrumb[]>();
  for (const raw of records) {
    const p = parseLocationRecord(raw);
    if (!p.ok) continue;
    const d = dayOfMs(p.value.t);
    const list = byDay.get(d) ?? [];
    list.push(p.value);
    byDay.set(d, list);
  }
  return [...byDay.keys()].sort().map((d) => buildDayChunk(vehicleId, d, byDay.get(d) ?? []));
}

(globalThis as unknown as { harness: HarnessApi }).harness = harness;
document.title = 'store harness ready';
