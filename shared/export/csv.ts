import { MOTION_BY_CODE } from '../domain/status.ts';
import type { MotionStatus } from '../api/wire.ts';
import { DEFAULT_MAX_PLAUSIBLE_MPH } from '../track/gaps.ts';
import { findOutliers } from '../track/outliers.ts';
import { createLocalIsoFormatter } from '../time/local-day.ts';
import type { Breadcrumb, DayChunk } from '../track/types.ts';
import { createIsoFormatter, formatNumber, orderChunks, PIECE_SIZE } from './format.ts';

/**
 * Breadcrumb CSV: RFC 4180 with CRLF line endings, UTF-8 (no BOM: the writer
 * decides), one row per breadcrumb in ascending time. Column names follow the
 * API's wire fields (spec 2.7) so the file reads like the source data.
 *
 * - timestamp: ISO 8601 UTC, `2026-05-01T13:04:05Z` (`.sss` only when the
 *   milliseconds are non-zero; see format.ts).
 * - local_time (only in a file exported for a zone, CSV_COLUMNS_LOCAL): the
 *   same instant on the zone's clock with its offset, `2026-05-01T08:04:05-05:00`.
 * - numbers: the recorded readings, as the shortest text that parses back to
 *   the exact stored double (no figure here is computed, so none is rounded),
 *   never quoted, never neutralised (a longitude of -97.1 stays a number).
 * - text cells (id, status, vehicle_number, vin, calc_location): a cell that
 *   starts with = + - @ tab or CR would be taken as a formula by spreadsheet
 *   software, so it gets a leading `'`. A cell already starting with `'` gets one
 *   too, so readers can always strip exactly one leading `'` to recover the text
 *   (parseBreadcrumbCsv does). Then a cell containing , " CR or LF is quoted
 *   with quotes doubled.
 * - outlier: `true` for a reading the analysis leaves out (shared/track/outliers.ts,
 *   with the export's plausible maximum), else `false`. Every reading is written.
 */
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

/** = + - @ tab CR, and ' itself (see above). */
function startsLikeFormula(c: number): boolean {
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 39;
}

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
  /** Approximate piece size in UTF-16 code units (default 64 K). */
  pieceSize?: number;
  /** The outlier rule's plausible maximum (default DEFAULT_MAX_PLAUSIBLE_MPH), for the `outlier` column. */
  maxPlausibleMph?: number;
  /** IANA zone: adds the local_time column (CSV_COLUMNS_LOCAL). Absent: the UTC-only columns, as before zones existed. */
  zone?: string;
}

/**
 * The CSV of `chunks` (sorted by day here, points already in time order
 * within a chunk) as string pieces of about `pieceSize`, so a million rows
 * stream to disk without one giant string.
 */
export function* csvLines(chunks: Iterable<DayChunk>, options: CsvOptions = {}): Generator<string> {
  const pieceSize = options.pieceSize ?? PIECE_SIZE;
  const iso = createIsoFormatter();
  const local = options.zone === undefined ? null : createLocalIsoFormatter(options.zone);
  const statusCells = MOTION_BY_CODE.map((s) => csvTextCell(s));
  const header = local ? csvHeaderLocal : csvHeader;
  // Rows are joined once per piece: a flat string writes faster than a long += rope.
  const rows: string[] = options.header === false ? [] : [header];
  let size = rows.length > 0 ? header.length : 0;
  const maxPlausibleMph = options.maxPlausibleMph ?? DEFAULT_MAX_PLAUSIBLE_MPH;
  for (const chunk of orderChunks(chunks)) {
    const tail = `,${csvTextCell(chunk.vehicleNumber)},${csvTextCell(chunk.vin)},`;
    const outliers = findOutliers(chunk, maxPlausibleMph);
    const { t, lat, lng, speed, direction, status, id, location } = chunk;
    let lastLocation: string | undefined;
    let lastLocationCell = '';
    for (let i = 0; i < chunk.length; i++) {
      const loc = location[i] ?? '';
      if (loc !== lastLocation) {
        lastLocation = loc;
        lastLocationCell = csvTextCell(loc);
      }
      const code = status[i]!;
      const row =
        csvTextCell(id[i] ?? '') +
        ',' +
        iso(t[i]!) +
        (local ? `,${local(t[i]!)}` : '') +
        ',' +
        formatNumber(lat[i]!) +
        ',' +
        formatNumber(lng[i]!) +
        ',' +
        formatNumber(speed[i]!) +
        ',' +
        (statusCells[code] ?? csvTextCell(String(code))) +
        ',' +
        formatNumber(direction[i]!) +
        tail +
        lastLocationCell +
        (outliers?.[i] === 1 ? ',true' : ',false') +
        CSV_EOL;
      rows.push(row);
      size += row.length;
      if (size >= pieceSize) {
        yield rows.join('');
        rows.length = 0;
        size = 0;
      }
    }
  }
  if (size > 0) yield rows.join('');
}

/**
 * RFC 4180 parser (quoted cells, doubled quotes, CRLF or LF line ends, a
 * final line ending optional). Returns raw cells; it exists so tests and
 * imports can read back what csvLines wrote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atRowStart = true;
  while (i < n) {
    const c = text[i]!;
    atRowStart = false;
    if (c === '"' && cell === '') {
      i++;
      for (;;) {
        if (i >= n) throw new SyntaxError('CSV: unterminated quoted cell');
        const q = text.indexOf('"', i);
        if (q < 0) throw new SyntaxError('CSV: unterminated quoted cell');
        cell += text.slice(i, q);
        if (text[q + 1] === '"') {
          cell += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new SyntaxError(`CSV: text after a closing quote at offset ${i}`);
      }
      continue;
    }
    if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      atRowStart = true;
    } else {
      // A stray quote inside an unquoted cell is kept as text (lenient, like most readers).
      const stop = nextSpecial(text, i + 1);
      cell += text.slice(i, stop);
      i = stop;
    }
  }
  if (!atRowStart) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function nextSpecial(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 44 || c === 13 || c === 10 || c === 34) return j;
  }
  return text.length;
}

/**
 * Reads a file written by csvLines back into breadcrumbs (header required,
 * with or without local_time); the outlier column is checked, not returned,
 * and a local_time must be the same instant as its timestamp.
 */
export function parseBreadcrumbCsv(text: string): Breadcrumb[] {
  const rows = parseCsv(text);
  const header = rows.shift()?.join(',');
  const withLocal = header === CSV_COLUMNS_LOCAL.join(',');
  if (!withLocal && header !== CSV_COLUMNS.join(',')) throw new SyntaxError('CSV: unexpected header');
  return rows.map((cells, k) => {
    const width = withLocal ? CSV_COLUMNS_LOCAL.length : CSV_COLUMNS.length;
    if (cells.length !== width) throw new SyntaxError(`CSV: row ${k + 2} has ${cells.length} cells`);
    const r = withLocal ? [cells[0]!, cells[1]!, ...cells.slice(3)] : cells;
    if (withLocal && !(Date.parse(cells[2]!) === Date.parse(cells[1]!)))
      throw new SyntaxError(`CSV: row ${k + 2} has local_time "${cells[2]}" for ${cells[1]}`);
    const [id, timestamp, lat, lng, speed, status, direction, vehicleNumber, vin, location, outlier] = r as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (outlier !== 'true' && outlier !== 'false') throw new SyntaxError(`CSV: row ${k + 2} has outlier "${outlier}"`);
    const st = csvTextValue(status);
    if (!MOTION_BY_CODE.includes(st as MotionStatus)) throw new SyntaxError(`CSV: row ${k + 2} has status "${st}"`);
    return {
      id: csvTextValue(id),
      t: Date.parse(timestamp),
      lat: Number(lat),
      lng: Number(lng),
      speed: Number(speed),
      status: st as MotionStatus,
      direction: Number(direction),
      vehicleNumber: csvTextValue(vehicleNumber),
      vin: csvTextValue(vin),
      location: csvTextValue(location),
    };
  });
}
