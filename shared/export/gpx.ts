import { MOTION_BY_CODE } from '../domain/status.ts';
import type { LocalDay } from '../time/local-day.ts';
import { gapRule, isGapBetween, type GapParams } from '../track/gaps.ts';
import { MPS_PER_MPH, normalizeLng } from '../track/geo.ts';
import { findOutliers } from '../track/outliers.ts';
import type { DayChunk } from '../track/types.ts';
import { BYTE_PIECE_SIZE, ByteBuilder, NUMBER_ROOM, piecesAsText, putBytes, TIME_ROOM, utf8 } from './bytes.ts';
import type { PiecePool } from './bytes.ts';
import { createIsoWords, putNumberAt, putNumberWords, putRun, WORD_SLACK, wordRun } from './words.ts';
import { createIsoFormatter, orderChunks, PIECE_SIZE } from './format.ts';
import { header, measure, trackOpen } from './gpx-header.ts';

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
 * An unknown (the record had none: MotionCode.UNKNOWN, a NaN speed or
 * direction) has no element at all, never a made-up value; the
 * TrackPointExtension may then be empty, which its schema allows.
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
  /**
   * The local days of the range that are only partly downloaded, with the hours missing
   * (shared/track/local-coverage.ts partialDaysText); said in <metadata><desc> so the file never passes
   * for whole days. Absent or '': every day with readings is whole.
   */
  partialDays?: string;
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
  /** Approximate piece size: UTF-16 code units of gpxPieces' text (default 64 K), bytes of gpxBytes (default BYTE_PIECE_SIZE). */
  pieceSize?: number;
  /** gpxBytes takes its piece buffers from here (see CsvOptions.pool). */
  pool?: PiecePool;
}

export { GPX_NS, GPX_RL_NS, GPX_UNKNOWN, GPXTPX_NS } from './gpx-header.ts';

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

const PT_LAT = wordRun('<trkpt lat="');
const PT_LON = wordRun('" lon="');
const PT_TIME = wordRun('"><time>');
const PT_SPEED = wordRun('<gpxtpx:speed>');
const PT_SPEED_END = wordRun('</gpxtpx:speed>');
const PT_COURSE = wordRun('<gpxtpx:course>');
const PT_COURSE_END = wordRun('</gpxtpx:course>');
const EXT_OPEN = '<extensions><gpxtpx:TrackPointExtension>';
/** What follows a point's time: its <type> (none for an unknown code) and the extensions' opening, per motion code. */
const AFTER_TIME = MOTION_BY_CODE.map((s) => wordRun(`</time><type>${s}</type>${EXT_OPEN}`));
const AFTER_TIME_UNTYPED = wordRun(`</time>${EXT_OPEN}`);
/** The point's closing, plain and for an outlier. */
const PT_END = [
  wordRun('</gpxtpx:TrackPointExtension></extensions></trkpt>\n'),
  wordRun('</gpxtpx:TrackPointExtension><rl:outlier>true</rl:outlier></extensions></trkpt>\n'),
] as const;
const SEGMENT_BREAK = wordRun('</trkseg>\n<trkseg>\n');
const TRACK_END = utf8('</trkseg>\n</trk>\n');
/** A point's room besides its numbers and time: every tag above, the longest type, word slack. */
const POINT_ROOM = 3 * NUMBER_ROOM + TIME_ROOM + 320 + WORD_SLACK;

/** The GPX as UTF-8 pieces of about `pieceSize` bytes, written byte by byte (bytes.ts). */
export function* gpxBytes(input: GpxInput): Generator<Uint8Array> {
  const out = new ByteBuilder(input.pieceSize ?? BYTE_PIECE_SIZE, input.pool);
  const split = input.tracks === undefined || input.tracks === 'day' ? tracksByDay(input.meta.dayZone) : input.tracks;
  const tracks = [...split(orderChunks(input.chunks))];
  putString(out, header(input.meta, measure(tracks), createIsoFormatter()));
  const writeTrack = trackWriter(input);
  for (const track of tracks) yield* writeTrack(out, track);
  putString(out, '</gpx>\n');
  yield out.last();
}

function putString(out: ByteBuilder, s: string): void {
  const bytes = utf8(s);
  out.pos = putBytes(out.room(bytes.length), out.pos, bytes);
}

/**
 * A day-track GPX (gpxBytes with tracks 'day') built while its days arrive:
 * `day` renders a chunk's <trk> at once (an empty chunk has none), in the
 * order the file lists them (by day); `file` then gives the header, which
 * needs every point's bounds, and the end, around those tracks. Together the
 * same bytes as gpxBytes of the same chunks.
 */
export function gpxByDays(input: Partial<GapParams> & { dayZone?: string; pieceSize?: number }): {
  day(chunk: DayChunk): Uint8Array[];
  file(chunks: readonly DayChunk[], meta: GpxMeta): { head: Uint8Array; end: Uint8Array };
} {
  const split = tracksByDay(input.dayZone);
  const writeTrack = trackWriter(input);
  return {
    day(chunk) {
      // Kept until the end: text-sized pieces, the last one copied out of its buffer, so little is held unused.
      const out = new ByteBuilder(input.pieceSize ?? PIECE_SIZE);
      const pieces: Uint8Array[] = [];
      for (const track of split([chunk])) pieces.push(...writeTrack(out, track));
      if (out.pos > 0) pieces.push(out.last().slice());
      return pieces;
    },
    file(chunks, meta) {
      if ((meta.dayZone ?? 'UTC') !== (input.dayZone ?? 'UTC'))
        throw new RangeError(
          `GPX: tracks of ${input.dayZone ?? 'UTC'} days under a header of ${meta.dayZone ?? 'UTC'} days`,
        );
      const tracks = [...split(orderChunks(chunks))];
      return { head: utf8(header(meta, measure(tracks), createIsoFormatter())), end: utf8('</gpx>\n') };
    },
  };
}

/** Writes one <trk> into `out`, yielding full pieces as it goes. */
function trackWriter(input: Partial<GapParams>): (out: ByteBuilder, track: GpxTrack) => Generator<Uint8Array> {
  const rule = gapRule(input);
  const iso = createIsoWords();
  const outliersOf = new Map<DayChunk, Uint8Array | null>();
  const flagsOf = (chunk: DayChunk) => {
    if (!outliersOf.has(chunk)) outliersOf.set(chunk, findOutliers(chunk, input.maxPlausibleMph));
    return outliersOf.get(chunk) ?? null;
  };
  return function* (out, track) {
    putString(out, trackOpen(track));
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
        const buf = out.room(POINT_ROOM + SEGMENT_BREAK.length);
        const view = out.view;
        let pos = out.pos;
        if (!outlier) {
          if (prevStatus >= 0 && isGapBetween(rule, prevT, prevStatus, prevLat, prevLng, ti, lat[i]!, lng[i]!))
            pos = putRun(view, pos, SEGMENT_BREAK);
          prevT = ti;
          prevStatus = code;
          prevLat = lat[i]!;
          prevLng = lng[i]!;
        }
        const lo = lng[i]!;
        const mps = Math.max(0, Math.round(speed[i]! * MPS_PER_MPH * 1e6) / 1e6);
        pos = putRun(view, pos, PT_LAT);
        pos = putNumberAt(buf, view, pos, lat, i);
        pos = putRun(view, pos, PT_LON);
        pos =
          lo >= -180 && lo < 180
            ? putNumberAt(buf, view, pos, lng, i)
            : putNumberWords(buf, view, pos, normalizeLng(lo));
        pos = putRun(view, pos, PT_TIME);
        pos = iso(buf, view, pos, t, i);
        pos = putRun(view, pos, AFTER_TIME[code] ?? AFTER_TIME_UNTYPED);
        if (Number.isFinite(mps)) {
          pos = putRun(view, pos, PT_SPEED);
          pos = putNumberWords(buf, view, pos, mps);
          pos = putRun(view, pos, PT_SPEED_END);
        }
        pos = putCourse(buf, view, pos, direction[i]!);
        out.pos = putRun(view, pos, PT_END[outlier ? 1 : 0]);
        if (out.pos >= out.pieceSize) yield out.take();
      }
    }
    out.pos = putBytes(out.room(TRACK_END.length), out.pos, TRACK_END);
  };
}

/** <gpxtpx:course> with formatCourse's text (tenths of a degree in [0, 360), one decimal); nothing for a non-finite heading. */
function putCourse(buf: Uint8Array, view: DataView, pos: number, degrees: number): number {
  if (!Number.isFinite(degrees)) return pos;
  // A whole-degree heading in [0, 2^31) (the wire's usual kind) gives the same x by int32 arithmetic, without fmod.
  const x = (degrees | 0) === degrees && degrees >= 0 ? (degrees | 0) % 360 : ((degrees % 360) + 360) % 360;
  let tenths = Math.round(x * 10);
  if (tenths >= 3600) tenths = 0;
  pos = putRun(view, pos, PT_COURSE);
  const whole = (tenths / 10) | 0;
  pos = putNumberWords(buf, view, pos, whole);
  buf[pos++] = 46;
  buf[pos++] = 48 + tenths - whole * 10;
  return putRun(view, pos, PT_COURSE_END);
}

/** gpxBytes as text pieces (for callers that post or join strings). */
export function gpxPieces(input: GpxInput): Generator<string> {
  return piecesAsText((pool) => gpxBytes({ ...input, pieceSize: input.pieceSize ?? PIECE_SIZE, pool }));
}
