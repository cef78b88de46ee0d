import { randomUUID } from 'node:crypto';
import type { AuditDrivers, AuditSource } from '../../../shared/audit/bundle-content.ts';
import { exportDriversOf, type DriversData } from '../../../shared/export/drivers-data.ts';
import type { AuditCounts } from '../../../shared/audit/manifest.ts';
import { MotionCode } from '../../../shared/domain/status.ts';
import type { AuditOutcome, AuditRequest } from '../../../shared/ipc/contract.ts';
import { localDayOfMs, localRangeInterval, utcDaysOverlapping, type Interval } from '../../../shared/time/local-day.ts';
import { localDayChunks } from '../../../shared/track/local-days.ts';
import type { DayChunk, ReadingIdentities } from '../../../shared/track/types.ts';
import { DAY_MS, dayStartMs, type UtcDay } from '../../../shared/util/day.ts';
import { buildAuditBundle } from '../audit/bundle.ts';
import type { PdfPrinter } from '../audit/chromium-pdf.ts';
import type { Basemap } from '../../../shared/report/route-map-svg.ts';
import type { AuditRoads } from './audit-roads.ts';
import { safeFileName } from './folder-save-dialogs.ts';
import { UserFacingError } from './failure.ts';

/**
 * Audit bundles made for the app (the Review's "Audit bundle"), with the
 * CLI's code: the renderer sends the stored readings of the UTC days the
 * range overlaps; the backend supplies everything the renderer must not be
 * trusted with (the carrier's legal name and USDOT from company-info, its
 * home zone, the API address), regroups the readings into the home zone's
 * days, builds the bundle (shared/audit, electron/node/audit/bundle.ts) and
 * saves it through the save dialog, or hands it back for a download.
 *
 * With the request's road limits (those the screen judged with) the bundle judges "over the limit" with
 * the kept ones, refused when they changed since (audit-roads.ts).
 *
 * Every reading is checked before it is kept (time order inside its UTC day,
 * coordinates, status codes, the request's vehicle), sessions are few,
 * bounded in readings, and dropped when left idle.
 */
export const AUDIT_SESSION_LIMITS = Object.freeze({ maxOpen: 2, maxPoints: 3_000_000, idleMs: 10 * 60_000 });
export type AuditSessionLimits = Partial<typeof AUDIT_SESSION_LIMITS>;

/** The facts about a carrier the backend vouches for. */
export interface AuditCarrier {
  /** Legal name, or the user's label marked as such when company-info was never fetched. */
  name: string;
  /** '' when not known. */
  dotNumber: string;
  zone: string;
  /** The API address its data came from ('' when none is known). */
  baseUrl: string;
}

export interface AuditSessionDeps {
  carrier(carrierId: string): Promise<AuditCarrier>;
  /** Prints the report (Electron's printToPDF, or Chromium); absent: bundles cannot be made here. */
  print?: PdfPrinter | undefined;
  basemap(): Promise<Basemap>;
  /** Saves through the save dialog; null when cancelled or when there is no dialog (then the zip is returned). */
  saveBytes(suggestedName: string, make: () => Promise<Uint8Array>): Promise<{ path: string; bytes: number } | null>;
  hasDialog: boolean;
  app: { name: string; version: string };
  now: () => number;
  limits?: AuditSessionLimits;
  /** The kept road limits (audit-roads.ts), for requests naming those the screen judged with. */
  roads: AuditRoads;
}

interface Session {
  request: AuditRequest;
  carrier: AuditCarrier;
  interval: Interval;
  utcDays: UtcDay[];
  parts: Map<UtcDay, DayChunk[]>;
  points: number;
  lastUsedAt: number;
}

/** The request's drivers, with the report's line on where they come from (the app's store, on the day made). */
function auditDriversOf(data: DriversData, nowMs: number, zone: string): AuditDrivers {
  return {
    ...exportDriversOf(data)!,
    basis: `the carrier's assignments kept in RouteLens on ${localDayOfMs(nowMs, zone)} (${zone})`,
  };
}

const bad = (message: string) => new UserFacingError({ kind: 'bad-request', message });

/** The readings' values, which the IPC guard (shape only) does not look at. */
function checkReadings(chunk: DayChunk, s: Session): void {
  if (chunk.vehicleId !== s.request.vehicleId)
    throw bad(`These readings are of vehicle ${chunk.vehicleId}, not of ${s.request.vehicleId}.`);
  if (!s.utcDays.includes(chunk.day))
    throw bad(`${chunk.day} is not one of the UTC days this audit reads (${s.utcDays[0]} to ${s.utcDays.at(-1)}).`);
  const start = dayStartMs(chunk.day);
  const previous = s.parts.get(chunk.day)?.at(-1);
  let last = previous ? previous.t[previous.length - 1]! : -Infinity;
  for (let i = 0; i < chunk.length; i++) {
    const t = chunk.t[i]!;
    if (!(t >= start && t < start + DAY_MS)) throw bad(`A reading of ${chunk.day} has a time outside that UTC day.`);
    if (!(t >= last)) throw bad(`The readings of ${chunk.day} are not in time order.`);
    last = t;
    // NaN is an unknown speed or heading (the record had none, docs/analysis.md); anything else must be a real value.
    const speed = chunk.speed[i]!;
    const direction = chunk.direction[i]!;
    if (
      !(Math.abs(chunk.lat[i]!) <= 90) ||
      !Number.isFinite(chunk.lng[i]!) ||
      !(Number.isNaN(speed) || (speed >= 0 && speed < Infinity)) ||
      !(Number.isNaN(direction) || Number.isFinite(direction))
    ) {
      throw bad(`A reading of ${chunk.day} has a position, speed or heading that is not a number in range.`);
    }
    if (chunk.status[i]! > MotionCode.UNKNOWN)
      throw bad(`A reading of ${chunk.day} has a motion status code no record gives.`);
  }
}

/** One chunk of a UTC day from its parts, in the order they came. */
function joinParts(parts: readonly DayChunk[]): DayChunk {
  if (parts.length === 1) return parts[0]!;
  const n = parts.reduce((sum, p) => sum + p.length, 0);
  const first = parts[0]!;
  const out: DayChunk = {
    ...first,
    length: n,
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    direction: new Float64Array(n),
    status: new Uint8Array(n),
    id: [],
    location: [],
  };
  let at = 0;
  // The parts may name the vehicle differently (their own identityAt, or another day-level pair): each reading keeps its own.
  const mixed = parts.some((p) => p.identityAt || p.vehicleNumber !== first.vehicleNumber || p.vin !== first.vin);
  const identityAt: ReadingIdentities = { vehicleNumber: [], vin: [] };
  for (const p of parts) {
    for (const k of ['t', 'lat', 'lng', 'speed', 'direction'] as const) out[k].set(p[k], at);
    out.status.set(p.status, at);
    out.id.push(...p.id);
    out.location.push(...p.location);
    if (mixed)
      for (let i = 0; i < p.length; i++) {
        identityAt.vehicleNumber.push(p.identityAt?.vehicleNumber[i] ?? p.vehicleNumber);
        identityAt.vin.push(p.identityAt?.vin[i] ?? p.vin);
      }
    at += p.length;
  }
  if (mixed) out.identityAt = identityAt;
  return out;
}

export function createAuditSessions(deps: AuditSessionDeps) {
  const limits = { ...AUDIT_SESSION_LIMITS, ...deps.limits };
  const sessions = new Map<string, Session>();
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) if (now - s.lastUsedAt > limits.idleMs) sessions.delete(id);
    },
    Math.min(limits.idleMs, 60_000),
  );
  sweep.unref();

  const get = (id: string): Session => {
    const s = sessions.get(id);
    if (!s)
      throw new UserFacingError({
        kind: 'not-found',
        message: `This audit bundle is no longer open (finished, cancelled, or left idle for more than ${Math.round(limits.idleMs / 60_000)} min); start it again.`,
      });
    s.lastUsedAt = Date.now();
    return s;
  };

  async function build(s: Session): Promise<{ zip: Uint8Array; counts: AuditCounts }> {
    const print = deps.print;
    if (!print)
      throw new UserFacingError({
        kind: 'other',
        message:
          'This RouteLens cannot print the audit report (no Chromium found: install Chromium or set ROUTELENS_CHROMIUM before starting it).',
      });
    const utc = s.utcDays
      .map((d) => s.parts.get(d))
      .filter((p): p is DayChunk[] => p !== undefined)
      .map(joinParts);
    const first = utc[0];
    const roads = s.request.roadLimits ? await deps.roads.open(s.request.roadLimits) : undefined;
    const source: AuditSource = {
      app: deps.app,
      apiBaseUrl: s.carrier.baseUrl,
      meta: {
        carrierName: s.carrier.name,
        dotNumber: s.carrier.dotNumber,
        vehicleId: s.request.vehicleId,
        vehicleNumber: first?.vehicleNumber ?? '',
        vin: first?.vin ?? '',
        zone: s.carrier.zone,
        dayZone: s.carrier.zone,
        from: s.request.from,
        to: s.request.to,
        generatedAt: deps.now(),
      },
      chunks: localDayChunks(utc, s.carrier.zone, s.interval),
      params: s.request.params,
      days: s.request.days
        .filter((d) => s.utcDays.includes(d.day))
        .map((d) => ({
          day: d.day,
          downloadedAt: d.downloadedAt === null ? null : new Date(d.downloadedAt).toISOString(),
          records: s.parts.get(d.day)?.reduce((n, p) => n + p.length, 0) ?? 0,
          rejected: d.rejected,
          complete: d.complete,
        })),
      rejected: s.request.days.reduce((n, d) => n + (s.utcDays.includes(d.day) ? d.rejected : 0), 0),
      ...(roads ? { roads } : {}),
      ...(s.request.drivers ? { drivers: auditDriversOf(s.request.drivers, deps.now(), s.carrier.zone) } : {}),
      ...(s.request.reviewMarks?.length
        ? { reviewTrail: { carrierId: s.request.carrierId, marks: s.request.reviewMarks } }
        : {}),
    };
    const built = await buildAuditBundle(source, { print, basemap: await deps.basemap() });
    // A plain Uint8Array: a Buffer would serialise itself (toJSON) before the bridge codec sees it.
    return {
      zip: new Uint8Array(built.zip.buffer, built.zip.byteOffset, built.zip.byteLength),
      counts: built.manifest.counts,
    };
  }

  return {
    async begin(request: AuditRequest) {
      if (sessions.size >= limits.maxOpen)
        throw new UserFacingError({
          kind: 'other',
          message: `${limits.maxOpen} audit bundles are already being made; wait for one to finish, then try again.`,
        });
      const carrier = await deps.carrier(request.carrierId);
      if (request.roadLimits) await deps.roads.check(request.roadLimits);
      const interval = localRangeInterval(request.from, request.to, carrier.zone);
      const utcDays = utcDaysOverlapping(interval);
      const auditId = randomUUID();
      sessions.set(auditId, {
        request,
        carrier,
        interval,
        utcDays,
        parts: new Map(),
        points: 0,
        lastUsedAt: Date.now(),
      });
      return { auditId, utcDays, zone: carrier.zone };
    },
    async addReadings(auditId: string, chunk: DayChunk) {
      const s = get(auditId);
      if (s.points + chunk.length > limits.maxPoints)
        throw bad(`An audit bundle holds at most ${limits.maxPoints.toLocaleString('en-US')} readings.`);
      checkReadings(chunk, s);
      s.parts.set(chunk.day, [...(s.parts.get(chunk.day) ?? []), chunk]);
      s.points += chunk.length;
    },
    async finish(auditId: string, suggestedName: string): Promise<AuditOutcome> {
      const s = get(auditId);
      sessions.delete(auditId);
      if (deps.hasDialog) {
        let counts: AuditCounts | null = null;
        const saved = await deps.saveBytes(suggestedName, async () => {
          const built = await build(s);
          counts = built.counts;
          return built.zip;
        });
        return saved && counts
          ? { kind: 'saved', path: saved.path, bytes: saved.bytes, counts }
          : { kind: 'cancelled' };
      }
      const built = await build(s);
      return { kind: 'download', name: safeFileName(suggestedName, 'zip'), zip: built.zip, counts: built.counts };
    },
    async abort(auditId: string) {
      sessions.delete(auditId);
    },
    get openCount() {
      return sessions.size;
    },
    close() {
      clearInterval(sweep);
      sessions.clear();
    },
  };
}
