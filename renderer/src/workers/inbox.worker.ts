/// <reference lib="webworker" />
import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import { inboxEvents, type InboxEvent } from '../../../shared/inbox/events.ts';
import { scorecard, type Scorecard } from '../../../shared/inbox/scorecards.ts';
import { daysFromTo, localRangeInterval, utcDaysOverlapping, type LocalDay } from '../../../shared/time/local-day.ts';
import { localDayChunks } from '../../../shared/track/local-days.ts';
import { getDb } from '../store/db.ts';
import { serveWorker } from './rpc.ts';

/**
 * The safety inbox off the UI thread: it reads every stored vehicle-day of the carriers itself (no chunk
 * crosses threads), analyses each vehicle over the range exactly as Trip review does (its local days of
 * the carrier's home zone, `analyzeTrack` with the Review's parameters) and answers with the flat event
 * list and the vehicles' scorecards. Filtering, sorting and grouping happen on the page, on that list.
 */
export interface InboxCarrier {
  carrierId: string;
  /** The carrier's home zone: the range is its days. */
  zone: string;
}

export interface InboxData {
  events: InboxEvent[];
  scorecards: Scorecard[];
  /** The range's days, in order (the scorecards' sparklines have one value each). */
  days: LocalDay[];
  /** Vehicles with a reading in the range. */
  vehicles: number;
}

export interface InboxProtocol {
  /** null when a newer request came in meanwhile (`token` orders them). */
  load(
    token: number,
    carriers: InboxCarrier[],
    from: LocalDay,
    to: LocalDay,
    params: AnalysisParams,
  ): Promise<InboxData | null>;
}

let latest = 0;
/** Vehicles whose days are read at once (see loadCarrier). */
const IN_FLIGHT = 8;

async function loadCarrier(
  token: number,
  c: InboxCarrier,
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
  days: LocalDay[],
) {
  const db = getDb();
  const interval = localRangeInterval(from, to, c.zone);
  const utc = utcDaysOverlapping(interval);
  if (utc.length === 0) return { events: [], scorecards: [] };
  const lo = utc[0]!;
  const hi = utc[utc.length - 1]!;
  const coverage = await db.coverage
    .where('carrierId')
    .equals(c.carrierId)
    .filter((r) => r.day >= lo && r.day <= hi && r.points > 0)
    .toArray();
  const vehicleIds = [...new Set(coverage.map((r) => r.vehicleId))];
  // Each vehicle is analysed as soon as its days are read, and let go. At most IN_FLIGHT vehicles are read
  // at once: reading every vehicle at once let read days pile up while the analysis (the slower part)
  // caught up — millions of points held for a large carrier, and a heap and garbage collection to match.
  // Results stay in the order of `vehicleIds`; a newer request stops the reading.
  const loadVehicle = async (vehicleId: string) => {
    const rows = await db.chunks
      .where('[vehicleId+day]')
      .between([vehicleId, lo], [vehicleId, hi], true, true)
      .toArray();
    const utcChunks = rows.filter((r) => r.carrierId === c.carrierId && r.chunk.length > 0).map((r) => r.chunk);
    if (utcChunks.length === 0) return null;
    utcChunks.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const chunks = localDayChunks(utcChunks, c.zone, interval);
    if (chunks.length === 0) return null;
    const vehicle = {
      carrierId: c.carrierId,
      vehicleId,
      vehicleNumber: chunks[0]!.vehicleNumber,
      zone: c.zone,
      analysis: analyzeTrack(chunks, params),
    };
    return {
      events: inboxEvents([vehicle]),
      scorecard: scorecard({ ...vehicle, daysWithData: chunks.filter((k) => k.length > 0).length }, days),
    };
  };
  const perVehicle = new Array<Awaited<ReturnType<typeof loadVehicle>>>(vehicleIds.length).fill(null);
  let next = 0;
  const lane = async () => {
    while (next < vehicleIds.length && token === latest) {
      const k = next++;
      perVehicle[k] = await loadVehicle(vehicleIds[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, vehicleIds.length) }, lane));
  const events: InboxEvent[] = [];
  const scorecards: Scorecard[] = [];
  for (const v of perVehicle) {
    if (!v) continue;
    for (const e of v.events) events.push(e);
    scorecards.push(v.scorecard);
  }
  return { events, scorecards };
}

const handlers: InboxProtocol = {
  async load(token, carriers, from, to, params) {
    latest = token;
    const days = daysFromTo(from, to);
    const parts = [];
    for (const c of carriers) {
      parts.push(await loadCarrier(token, c, from, to, params, days));
      if (token !== latest) return null;
    }
    const events = parts.flatMap((p) => p.events);
    events.sort((a, b) => a.startMs - b.startMs || a.key.localeCompare(b.key));
    return {
      events,
      scorecards: parts.flatMap((p) => p.scorecards),
      days,
      vehicles: parts.reduce((n, p) => n + p.scorecards.length, 0),
    };
  },
};

serveWorker(handlers);
