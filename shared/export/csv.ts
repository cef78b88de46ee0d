import { MOTION_BY_CODE } from '../domain/status.ts';
import type { MotionStatus } from '../api/wire.ts';
import type { Breadcrumb } from '../track/types.ts';

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
 * - unknowns: a reading whose record had no speed, direction, status or
 *   calc_location has an empty cell there (never 0, never "NaN").
 * - vehicle_number, vin: each reading's own (DayChunk.identityAt), else the day's.
 */
import { CSV_COLUMNS, CSV_COLUMNS_LOCAL, csvTextValue } from './csv-write.ts';

export {
  CSV_COLUMNS,
  CSV_COLUMNS_LOCAL,
  CSV_EOL,
  csvBytes,
  csvHeader,
  csvLines,
  csvTextCell,
  csvTextValue,
  type CsvOptions,
} from './csv-write.ts';

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

/** An empty cell is an unknown (NaN), not the 0 that Number('') gives. */
function unknownOrNumber(cell: string): number {
  return cell === '' ? NaN : Number(cell);
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
    if (st !== '' && !MOTION_BY_CODE.includes(st as MotionStatus))
      throw new SyntaxError(`CSV: row ${k + 2} has status "${st}"`);
    return {
      id: csvTextValue(id),
      t: Date.parse(timestamp),
      lat: Number(lat),
      lng: Number(lng),
      speed: unknownOrNumber(speed),
      status: st === '' ? null : (st as MotionStatus),
      direction: unknownOrNumber(direction),
      vehicleNumber: csvTextValue(vehicleNumber),
      vin: csvTextValue(vin),
      location: csvTextValue(location),
    };
  });
}
