import { MOTION_BY_CODE } from '../domain/status.ts';
import { DEFAULT_MAX_PLAUSIBLE_MPH } from '../track/gaps.ts';
import { findOutliers } from '../track/outliers.ts';
import { createLocalIsoFormatter } from '../time/local-day.ts';
import type { DayChunk } from '../track/types.ts';
import {
  BYTE_PIECE_SIZE,
  ByteBuilder,
  NUMBER_ROOM,
  piecesAsText,
  type PiecePool,
  putBytes,
  putText,
  TIME_ROOM,
  utf8,
} from './bytes.ts';
import { cellColumn, type CellColumn, cellRoom, putCell, startsLikeFormula } from './csv-cells.ts';
import { createIsoWords, putNumberAt, putRun, WORD_SLACK, wordRun } from './words.ts';
import { orderChunks, PIECE_SIZE } from './format.ts';

/** Writing the breadcrumb CSV (the format is described in csv.ts, which also reads it back). */
export const CSV_COLUMNS = [
  'id',
  'timestamp',
  'lat',
  'lng',
  'speed_mph',
  'status',
  'direction',
  'vehicle_number',
  'vin',
  'calc_location',
  'outlier',
] as const;

/** The columns of a file exported for a zone: local_time next to the UTC timestamp. */
export const CSV_COLUMNS_LOCAL = ['id', 'timestamp', 'local_time', ...CSV_COLUMNS.slice(2)] as const;

export const CSV_EOL = '\r\n';
export const csvHeader = CSV_COLUMNS.join(',') + CSV_EOL;
const csvHeaderLocal = CSV_COLUMNS_LOCAL.join(',') + CSV_EOL;

/** One text cell, neutralised and quoted as described above (a char scan: this runs twice per row). */
export function csvTextCell(value: string): string {
  const v = startsLikeFormula(value.charCodeAt(0)) ? `'${value}` : value;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 44 || c === 34 || c === 13 || c === 10) return `"${v.replaceAll('"', '""')}"`;
  }
  return v;
}

/** Undoes csvTextCell's neutralisation (quoting is undone by parseCsv). */
export function csvTextValue(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

export interface CsvOptions {
  /** Emit the header line first (default true). */
  header?: boolean;
  /** Approximate piece size: UTF-16 code units of csvLines' text (default 64 K), bytes of csvBytes (default BYTE_PIECE_SIZE). */
  pieceSize?: number;
  /** The outlier rule's plausible maximum (default DEFAULT_MAX_PLAUSIBLE_MPH), for the `outlier` column. */
  maxPlausibleMph?: number;
  /** IANA zone: adds the local_time column (CSV_COLUMNS_LOCAL). Absent: the UTC-only columns, as before zones existed. */
  zone?: string;
  /** csvBytes takes its piece buffers from here, so a reader that hands written pieces back makes the export reuse them. */
  pool?: PiecePool;
}

/** A row's room besides its text cells: four numbers, a time, status and outlier cells, commas, word slack. */
const ROW_ROOM = 4 * NUMBER_ROOM + TIME_ROOM + 64 + WORD_SLACK;

/**
 * The CSV of `chunks` (sorted by day here, points already in time order
 * within a chunk) as UTF-8 pieces of about `pieceSize` bytes, so a million
 * rows stream to disk without one giant string. Written byte by byte
 * (bytes.ts, words.ts): the same text csvLines gives, without a string per field.
 */
export function* csvBytes(chunks: Iterable<DayChunk>, options: CsvOptions = {}): Generator<Uint8Array> {
  const out = new ByteBuilder(options.pieceSize ?? BYTE_PIECE_SIZE, options.pool);
  const iso = createIsoWords();
  const local = options.zone === undefined ? null : createLocalIsoFormatter(options.zone);
  // MotionCode.UNKNOWN (no status in the record) is an empty cell, like an unknown speed or direction (formatNumber's "" for NaN).
  const statusCells = [...MOTION_BY_CODE.map((s) => wordRun(`,${csvTextCell(s)},`)), wordRun(',,')];
  const flagCells = [wordRun(',false\r\n'), wordRun(',true\r\n')] as const;
  const maxPlausibleMph = options.maxPlausibleMph ?? DEFAULT_MAX_PLAUSIBLE_MPH;
  if (options.header !== false) {
    const header = utf8(local ? csvHeaderLocal : csvHeader);
    out.pos = putBytes(out.room(header.length), 0, header);
  }
  let idScratch: Uint8Array | null = null;
  let locationScratch: Uint8Array | null = null;
  let numberScratch: Uint8Array | null = null;
  let vinScratch: Uint8Array | null = null;
  for (const chunk of orderChunks(chunks)) {
    const n = chunk.length;
    const tail = wordRun(`,${csvTextCell(chunk.vehicleNumber)},${csvTextCell(chunk.vin)},`);
    // Readings that carried their own number or VIN: each row writes its own (the rare case; otherwise one run a day).
    const own = chunk.identityAt;
    const numbers: CellColumn | null = own ? cellColumn(own.vehicleNumber, n, numberScratch) : null;
    const vins: CellColumn | null = own ? cellColumn(own.vin, n, vinScratch) : null;
    numberScratch = numbers?.bytes ?? numberScratch;
    vinScratch = vins?.bytes ?? vinScratch;
    const outliers = findOutliers(chunk, maxPlausibleMph);
    const { t, lat, lng, speed, direction, status } = chunk;
    const ids = cellColumn(chunk.id, n, idScratch);
    const locations = cellColumn(chunk.location, n, locationScratch);
    idScratch = ids.bytes;
    locationScratch = locations.bytes;
    for (let i = 0; i < n; i++) {
      const localTime = local ? local(t[i]!) : '';
      const identityRoom = numbers && vins ? cellRoom(numbers, i) + cellRoom(vins, i) + 3 : tail.length;
      // One bounds check a row: room for its numbers, times and text in their longest forms.
      const buf = out.room(ROW_ROOM + identityRoom + cellRoom(ids, i) + cellRoom(locations, i) + 3 * localTime.length);
      const view = out.view;
      let pos = putCell(buf, view, out.pos, ids, i, putCsvCell);
      buf[pos++] = 44;
      pos = iso(buf, view, pos, t, i);
      if (local) {
        buf[pos++] = 44;
        pos = putText(buf, pos, localTime);
      }
      buf[pos++] = 44;
      pos = putNumberAt(buf, view, pos, lat, i);
      buf[pos++] = 44;
      pos = putNumberAt(buf, view, pos, lng, i);
      buf[pos++] = 44;
      pos = putNumberAt(buf, view, pos, speed, i);
      const code = status[i]!;
      const cell = statusCells[code];
      pos = cell ? putRun(view, pos, cell) : putText(buf, pos, `,${csvTextCell(String(code))},`);
      pos = putNumberAt(buf, view, pos, direction, i);
      if (numbers && vins) {
        buf[pos++] = 44;
        pos = putCell(buf, view, pos, numbers, i, putCsvCell);
        buf[pos++] = 44;
        pos = putCell(buf, view, pos, vins, i, putCsvCell);
        buf[pos++] = 44;
      } else pos = putRun(view, pos, tail);
      pos = putCell(buf, view, pos, locations, i, putCsvCell);
      out.pos = putRun(view, pos, flagCells[outliers?.[i] === 1 ? 1 : 0]);
      if (out.pos >= out.pieceSize) yield out.take();
    }
  }
  if (out.pos > 0) yield out.last();
}

/** csvBytes as text pieces (for callers that post or join strings). */
export function csvLines(chunks: Iterable<DayChunk>, options: CsvOptions = {}): Generator<string> {
  return piecesAsText((pool) => csvBytes(chunks, { ...options, pieceSize: options.pieceSize ?? PIECE_SIZE, pool }));
}

/**
 * A text cell exactly as csvTextCell writes it, straight into `buf` when the
 * value is ASCII (the `'` before a formula start, quotes around a cell with
 * , " CR or LF, inner quotes doubled); other text takes csvTextCell. The
 * caller made room for 3 bytes per UTF-16 unit and 3 more.
 */
function putCsvCell(buf: Uint8Array, pos: number, value: string): number {
  const n = value.length;
  if (n === 0) return pos;
  // Copied while scanned, one place to the right: the opening quote goes in front if the cell needs one.
  const mark = startsLikeFormula(value.charCodeAt(0)) ? 1 : 0;
  let p = pos + 1 + mark;
  let quote = false;
  for (let k = 0; k < n; k++) {
    const c = value.charCodeAt(k);
    if (c >= 128) return putText(buf, pos, csvTextCell(value));
    buf[p++] = c;
    if (c === 34) {
      buf[p++] = 34;
      quote = true;
    } else if (c === 44 || c === 13 || c === 10) quote = true;
  }
  if (quote) {
    buf[pos] = 34;
    if (mark) buf[pos + 1] = 39;
    buf[p++] = 34;
    return p;
  }
  // Unquoted, so no quote was doubled: the text moves back to the cell's start.
  if (mark) buf[pos] = 39;
  buf.copyWithin(pos + mark, pos + 1 + mark, p);
  return p - 1;
}
