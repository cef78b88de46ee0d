import { MOTION_BY_CODE } from '../domain/status.ts';
import { gapRule, isGapBetween, type GapParams } from '../track/gaps.ts';
import { MPS_PER_MPH, normalizeLng } from '../track/geo.ts';
import { findOutliers } from '../track/outliers.ts';
import type { DayChunk } from '../track/types.ts';
import type { LocalDay } from '../time/local-day.ts';
import { localDayOfMs } from '../time/local-day.ts';
import { describeDayRange, formatDayRange } from './context.ts';
import { createIsoFormatter, formatCourse, formatNumber, orderChunks, PIECE_SIZE } from './format.ts';
import { xmlAttr, xmlText } from './xml.ts';

/**
 * GPX 1.1 export, valid against the Topografix XSD (schema order respected:
 * metadata name, desc, author, time, keywords, bounds; per point time, type,
 * extensions).
 *
 * Per point: lat/lon (the stored doubles, exactly), <time> (ISO UTC, see
 * format.ts), <type> = motion status (IN_MOTION / STATIONARY / OFFLINE; the
 * standard element every reader exposes, and the fact an auditor filters on),
 * and Garmin TrackPointExtension v2 <speed> (m/s = mph × 0.44704, rounded to
 * 1e-6, which is exact for speeds with one decimal in mph) then <course>
 * (degrees in [0, 360) at 0.1°), in the order that schema's sequence requires.
 * calc_location and ids stay out of the GPX (the CSV carries them) to keep a
 * million-point file small. Every reading is written; an outlier
 * (shared/track/outliers.ts) carries <rl:outlier>true</rl:outlier> in its
 * <extensions>, in RouteLens's own namespace (GPX_RL_NS), which the schema's
 * `##other` extensions allow.
 *
 * The metadata states the range asked for and the range the data covers, as
 * days of `dayZone` (UTC unless the chunks are local days, shared/track/local-days.ts).
 *
 * Tracks: one <trk> per day (of dayZone) by default; a custom splitter (trips) may
 * regroup points. Within a track a new <trkseg> starts after every gap, with
 * the same definition the day summary uses (shared/track/gaps.ts), judged
 * between kept readings: an outlier neither starts nor ends a segment.
 */

export interface GpxMeta {
  /** The carrier's legal name (company_name); '' when not known. */
  carrierName: string;
  /** USDOT number (dot_number); '' when not known, which the file then states as "unknown". */
  dotNumber: string;
  vehicleNumber: string;
  vin: string;
  /** The requested range (inclusive days of dayZone), recorded as an audit fact beside the range the data covers. */
  from: LocalDay;
  to: LocalDay;
  /** IANA zone whose calendar days from/to and the chunks' days are; default 'UTC'. */
  dayZone?: string;
  /** Software name for the creator attribute and <author>; default "RouteLens". */
  creator?: string;
  /** epoch ms UTC, the metadata <time>. */
  generatedAt: number;
}

/** Points start..end-1 of one chunk. */
export interface ChunkRange {
  chunk: DayChunk;
  start: number;
  end: number;
}

export interface GpxTrack {
  name: string;
  desc?: string;
  /** Goes to <trk><type>, e.g. "trip". */
  type?: string;
  /** In time order; a track may span chunks (a trip across midnight). */
  ranges: readonly ChunkRange[];
}

/** Groups the (day-ordered) chunks' points into tracks: the hook for per-trip tracks. */
export type GpxTrackSplitter = (chunks: readonly DayChunk[]) => Iterable<GpxTrack>;

/** The interval rule's parameters (shared/track/gaps.ts), missing ones taking the defaults as the summary does: gaps start a new <trkseg>, maxPlausibleMph flags outliers. */
export interface GpxInput extends Partial<GapParams> {
  chunks: Iterable<DayChunk>;
  meta: GpxMeta;
  tracks?: 'day' | GpxTrackSplitter;
  /** Approximate piece size in UTF-16 code units (default 64 K). */
  pieceSize?: number;
}

export const GPX_NS = 'http://www.topografix.com/GPX/1/1';
export const GPXTPX_NS = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
/** RouteLens's own extension namespace: a URN, so nobody else's domain is implied. */
export const GPX_RL_NS = 'urn:routelens:gpx:1';
const SCHEMA_LOCATION =
  `${GPX_NS} http://www.topografix.com/GPX/1/1/gpx.xsd ` +
  `${GPXTPX_NS} https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd`;

/** The default splitter: one track per non-empty day of the chunks (UTC days, or local days of `zone` for regrouped chunks). */
export function tracksByDay(zone = 'UTC'): GpxTrackSplitter {
  return (chunks) =>
    chunks
      .filter((c) => c.length > 0)
      .map((c) => ({
        name: `${c.vehicleNumber} ${c.day}`,
        desc: `${c.length} points on ${c.day} (${zone})`,
        ranges: [{ chunk: c, start: 0, end: c.length }],
      }));
}

interface Bounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  points: number;
  firstMs: number;
  lastMs: number;
}

/**
 * First pass: bounds (which the schema places before any point) and
 * validation, so a bad coordinate fails the export before a byte is written.
 */
function measure(tracks: readonly GpxTrack[]): Bounds {
  const b: Bounds = {
    minLat: Infinity,
    maxLat: -Infinity,
    minLon: Infinity,
    maxLon: -Infinity,
    points: 0,
    firstMs: Infinity,
    lastMs: -Infinity,
  };
  for (const track of tracks) {
    for (const { chunk, start, end } of track.ranges) {
      const { lat, lng } = chunk;
      if (end > start) {
        b.firstMs = Math.min(b.firstMs, chunk.t[start]!);
        b.lastMs = Math.max(b.lastMs, chunk.t[end - 1]!);
      }
      for (let i = start; i < end; i++) {
        const la = lat[i]!;
        const lo = lng[i]!;
        if (!(la >= -90 && la <= 90) || !Number.isFinite(lo)) {
          throw new RangeError(`GPX: point ${chunk.id[i] ?? i} of ${chunk.day} has invalid coordinates (${la}, ${lo})`);
        }
        const lon = lo >= -180 && lo < 180 ? lo : normalizeLng(lo);
        if (la < b.minLat) b.minLat = la;
        if (la > b.maxLat) b.maxLat = la;
        if (lon < b.minLon) b.minLon = lon;
        if (lon > b.maxLon) b.maxLon = lon;
      }
      b.points += Math.max(0, end - start);
    }
  }
  return b;
}

/** An auditor reading "USDOT: ." cannot tell a missing number from a lost one; this says it plainly. */
export const GPX_UNKNOWN = 'unknown (no company info from the API)';

function header(meta: GpxMeta, bounds: Bounds, iso: (ms: number) => string): string {
  const creator = meta.creator ?? 'RouteLens';
  const zone = meta.dayZone ?? 'UTC';
  const asked = { from: meta.from, to: meta.to };
  const covered =
    bounds.points > 0 ? { from: localDayOfMs(bounds.firstMs, zone), to: localDayOfMs(bounds.lastMs, zone) } : null;
  const carrier = meta.carrierName.trim() === '' ? GPX_UNKNOWN : meta.carrierName;
  const dot = meta.dotNumber.trim() === '' ? GPX_UNKNOWN : meta.dotNumber;
  const desc =
    `Carrier: ${carrier}. USDOT: ${dot}. Vehicle: ${meta.vehicleNumber}. VIN: ${meta.vin}. ` +
    `Range: ${describeDayRange({ zone, asked, covered })}. Points: ${bounds.points}. ` +
    `Point type is the motion status; speed in m/s and course in degrees at 0.1° (Garmin TrackPointExtension v2); ` +
    `rl:outlier marks a reading the analysis left out (impossible speed or position jump).`;
  const name = `${meta.vehicleNumber} ${formatDayRange(asked)}${covered ? ` (data ${formatDayRange(covered)})` : ' (no data)'}`;
  const keywords = [
    'ELD',
    'breadcrumbs',
    dot === GPX_UNKNOWN ? '' : `USDOT ${dot}`,
    meta.vehicleNumber,
    meta.vin,
    meta.carrierName,
  ]
    .filter((k) => k.trim() !== '')
    .join(', ');
  let s =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<gpx version="1.1" creator="${xmlAttr(creator)}" xmlns="${GPX_NS}" xmlns:gpxtpx="${GPXTPX_NS}" xmlns:rl="${GPX_RL_NS}" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA_LOCATION}">\n` +
    '<metadata>\n' +
    `<name>${xmlText(name)}</name>\n` +
    `<desc>${xmlText(desc)}</desc>\n` +
    `<author><name>${xmlText(creator)}</name></author>\n` +
    `<time>${iso(meta.generatedAt)}</time>\n` +
    `<keywords>${xmlText(keywords)}</keywords>\n`;
  if (bounds.points > 0) {
    s +=
      `<bounds minlat="${formatNumber(bounds.minLat)}" minlon="${formatNumber(bounds.minLon)}" ` +
      `maxlat="${formatNumber(bounds.maxLat)}" maxlon="${formatNumber(bounds.maxLon)}"/>\n`;
  }
  return s + '</metadata>\n';
}

function trackOpen(track: GpxTrack): string {
  let s = `<trk>\n<name>${xmlText(track.name)}</name>\n`;
  if (track.desc !== undefined) s += `<desc>${xmlText(track.desc)}</desc>\n`;
  if (track.type !== undefined) s += `<type>${xmlText(track.type)}</type>\n`;
  return s + '<trkseg>\n';
}

export function* gpxPieces(input: GpxInput): Generator<string> {
  const pieceSize = input.pieceSize ?? PIECE_SIZE;
  const rule = gapRule(input);
  const split = input.tracks === undefined || input.tracks === 'day' ? tracksByDay(input.meta.dayZone) : input.tracks;
  const tracks = [...split(orderChunks(input.chunks))];
  const iso = createIsoFormatter();
  const types = MOTION_BY_CODE.map((s) => `<type>${s}</type>`);
  let buf = header(input.meta, measure(tracks), iso);

  const outliersOf = new Map<DayChunk, Uint8Array | null>();
  const flagsOf = (chunk: DayChunk) => {
    if (!outliersOf.has(chunk)) outliersOf.set(chunk, findOutliers(chunk, input.maxPlausibleMph));
    return outliersOf.get(chunk) ?? null;
  };
  for (const track of tracks) {
    buf += trackOpen(track);
    let prevT = Number.NaN;
    let prevStatus = -1;
    let prevLat = Number.NaN;
    let prevLng = Number.NaN;
    for (const { chunk, start, end } of track.ranges) {
      const { t, lat, lng, speed, direction, status } = chunk;
      const outliers = flagsOf(chunk);
      for (let i = start; i < end; i++) {
        const ti = t[i]!;
        const code = status[i]!;
        const outlier = outliers?.[i] === 1;
        if (!outlier) {
          if (prevStatus >= 0 && isGapBetween(rule, prevT, prevStatus, prevLat, prevLng, ti, lat[i]!, lng[i]!))
            buf += '</trkseg>\n<trkseg>\n';
          prevT = ti;
          prevStatus = code;
          prevLat = lat[i]!;
          prevLng = lng[i]!;
        }
        const lo = lng[i]!;
        const mps = Math.max(0, Math.round(speed[i]! * MPS_PER_MPH * 1e6) / 1e6);
        const course = formatCourse(direction[i]!);
        buf +=
          `<trkpt lat="${formatNumber(lat[i]!)}" lon="${formatNumber(lo >= -180 && lo < 180 ? lo : normalizeLng(lo))}">` +
          `<time>${iso(ti)}</time>${types[code] ?? ''}<extensions><gpxtpx:TrackPointExtension>` +
          (Number.isFinite(mps) ? `<gpxtpx:speed>${formatNumber(mps)}</gpxtpx:speed>` : '') +
          (course !== '' ? `<gpxtpx:course>${course}</gpxtpx:course>` : '') +
          '</gpxtpx:TrackPointExtension>' +
          (outlier ? '<rl:outlier>true</rl:outlier>' : '') +
          '</extensions></trkpt>\n';
        if (buf.length >= pieceSize) {
          yield buf;
          buf = '';
        }
      }
    }
    buf += '</trkseg>\n</trk>\n';
  }
  yield buf + '</gpx>\n';
}
