/**
 * A day's text column (ids or locations) prepared for the CSV writer in one
 * go: the values joined and encoded by one TextEncoder call, and the few
 * cells that need quoting found by indexOf over the joined text, so the row
 * loop copies each cell's bytes a word at a time instead of reading the
 * string one char code at a time. The cells read exactly as csvTextCell
 * writes them (csv-write.ts).
 */
import { copyWords, WORD_SLACK } from './words.ts';

declare const TextEncoder: new () => {
  encodeInto(s: string, into: Uint8Array): { read: number; written: number };
};
const encoder = new TextEncoder();

/** How a cell is written (0: as it is). Has , CR or LF: quoted. */
const QUOTED = 1;
/** Has a quote, which must be doubled: written by the char-by-char path. */
const DOUBLED = 2;

export interface CellColumn {
  readonly values: readonly string[];
  /** Cell i's text is [start[i], start[i + 1]) of the joined values, in UTF-16 units (= bytes when `ascii`). */
  readonly start: Int32Array;
  /** Every value is ASCII: `view` holds the joined bytes. Otherwise every cell takes the char-by-char path. */
  readonly ascii: boolean;
  readonly bytes: Uint8Array;
  readonly view: DataView;
  /** 0 (as it is), QUOTED or DOUBLED per cell. */
  readonly kind: Uint8Array;
}

/** = + - @ tab CR, and ' itself (csv.ts explains why). */
export function startsLikeFormula(c: number): boolean {
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 39;
}

/** The first `n` values (a missing one as "") as a CellColumn; `scratch` is reused between days when it is big enough. */
export function cellColumn(values: readonly string[], n: number, scratch: Uint8Array | null): CellColumn {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + (values[i] ?? '').length;
  const joined = values.length === n ? values.join('') : values.slice(0, n).join('');
  const size = joined.length + WORD_SLACK;
  const bytes = scratch !== null && scratch.length >= size ? scratch : new Uint8Array(2 * size);
  const { read, written } = encoder.encodeInto(joined, bytes);
  const ascii = read === joined.length && written === joined.length && joined.length === start[n];
  const kind = new Uint8Array(n);
  if (ascii) {
    mark(joined, start, kind, ',', QUOTED);
    mark(joined, start, kind, '\r', QUOTED);
    mark(joined, start, kind, '\n', QUOTED);
    mark(joined, start, kind, '"', DOUBLED);
  }
  return { values, start, ascii, bytes, view: new DataView(bytes.buffer, bytes.byteOffset), kind };
}

/** Raises the kind of every cell containing `ch` to at least `k` (one indexOf per such cell). */
function mark(joined: string, start: Int32Array, kind: Uint8Array, ch: string, k: number): void {
  let cell = 0;
  for (let at = joined.indexOf(ch); at >= 0; at = joined.indexOf(ch, start[cell + 1])) {
    while (start[cell + 1]! <= at) cell++;
    if (kind[cell]! < k) kind[cell] = k;
  }
}

/** Room cell i may take: 3 bytes per UTF-16 unit (doubled quotes and non-ASCII included), quotes and a mark, word slack. */
export function cellRoom(col: CellColumn, i: number): number {
  return 3 * (col.start[i + 1]! - col.start[i]!) + 3 + WORD_SLACK;
}

/** Writes cell i as csvTextCell would; `slow` writes a value the word path cannot (non-ASCII, or with quotes). */
export function putCell(
  buf: Uint8Array,
  view: DataView,
  pos: number,
  col: CellColumn,
  i: number,
  slow: (buf: Uint8Array, pos: number, value: string) => number,
): number {
  const from = col.start[i]!;
  const n = col.start[i + 1]! - from;
  if (n === 0) return pos;
  const kind = col.kind[i]!;
  if (!col.ascii || kind === DOUBLED) return slow(buf, pos, col.values[i] ?? '');
  if (kind === QUOTED) buf[pos++] = 34;
  if (startsLikeFormula(col.bytes[from]!)) buf[pos++] = 39;
  pos = copyWords(view, pos, col.view, from, n);
  if (kind === QUOTED) buf[pos++] = 34;
  return pos;
}
