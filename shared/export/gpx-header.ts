import { normalizeLng } from '../track/geo.ts';
import { localDayOfMs } from '../time/local-day.ts';
import { describeDayRange, formatDayRange } from './context.ts';
import { formatNumber } from './format.ts';
import type { GpxMeta, GpxTrack } from './gpx.ts';
import { xmlAttr, xmlText } from './xml.ts';

/** The GPX file's text around its points: namespaces, metadata with bounds, track openings (gpx.ts writes the points). */

export const GPX_NS = 'http://www.topografix.com/GPX/1/1';
export const GPXTPX_NS = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
/** RouteLens's own extension namespace: a URN, so nobody else's domain is implied. */
export const GPX_RL_NS = 'urn:routelens:gpx:1';
const SCHEMA_LOCATION =
  `${GPX_NS} http://www.topografix.com/GPX/1/1/gpx.xsd ` +
  `${GPXTPX_NS} https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd`;

export interface Bounds {
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
export function measure(tracks: readonly GpxTrack[]): Bounds {
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

/** " Partly downloaded days (…): 2026-10-01: 19:00–24:00 CDT not downloaded (5 h)." or '' when every day is whole. */
export function partialDaysWords(partialDays: string | undefined, zone: string): string {
  const text = partialDays?.trim() ?? '';
  return text === ''
    ? ''
    : ` Partly downloaded days (${zone} days; their readings cover only part of the day): ${text}.`;
}

export function header(meta: GpxMeta, bounds: Bounds, iso: (ms: number) => string): string {
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
    `rl:outlier marks a reading the analysis left out (impossible speed or position jump).` +
    partialDaysWords(meta.partialDays, zone);
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

export function trackOpen(track: GpxTrack): string {
  let s = `<trk>\n<name>${xmlText(track.name)}</name>\n`;
  if (track.desc !== undefined) s += `<desc>${xmlText(track.desc)}</desc>\n`;
  if (track.type !== undefined) s += `<type>${xmlText(track.type)}</type>\n`;
  return s + '<trkseg>\n';
}
