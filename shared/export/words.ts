/**
 * Word-wide writing for the CSV and GPX writers' hot loops: runs of bytes,
 * digit groups and clock times are moved four bytes per DataView access
 * instead of one byte per typed-array store (a row is ~140 bytes, and
 * per-byte stores were most of its cost). The text is formatNumber's and
 * createIsoFormatter's (format.ts); the export tests pin the bytes.
 *
 * Every helper may write up to WORD_SLACK bytes past the position it returns:
 * the caller has made that much room beyond the text, and whatever comes next
 * overwrites the extra bytes (a piece ends at the returned position, so they
 * are never output). Sources are padded so the last word read stays in bounds.
 */
import { createIsoFormatter, formatNumber } from './format.ts';
import { putSmallUint, putText, utf8 } from './bytes.ts';

/** Bytes a word write may reach past the end of its text. */
export const WORD_SLACK = 4;

/** Constant bytes (a cell, a tag) padded for word reads, with their length. */
export interface WordRun {
  readonly view: DataView;
  readonly length: number;
}

/** `bytes` as a WordRun: copied into a buffer rounded up to whole words. */
export function wordRunOf(bytes: Uint8Array): WordRun {
  const padded = new Uint8Array(bytes.length + WORD_SLACK);
  padded.set(bytes);
  return { view: new DataView(padded.buffer), length: bytes.length };
}

export function wordRun(text: string): WordRun {
  return wordRunOf(utf8(text));
}

/** Copies `n` bytes of `src` from `from` to `pos`, a word at a time (src readable to from + n + 3). */
export function copyWords(dst: DataView, pos: number, src: DataView, from: number, n: number): number {
  for (let k = 0; k < n; k += 4) dst.setUint32(pos + k, src.getUint32(from + k, true), true);
  return pos + n;
}

export function putRun(dst: DataView, pos: number, run: WordRun): number {
  return copyWords(dst, pos, run.view, 0, run.length);
}

/** Left-aligned digit words (first digit in the lowest byte): 0…999 without leading zeros, and as three digits. */
const INT_WORD = new Uint32Array(1000);
const INT_LEN = new Uint8Array(1000);
const GROUP_WORD = new Uint32Array(1000);
/** Digits of a three-digit group 1…999 left once trailing zeros are dropped (the decimals' last group). */
const GROUP_TRIMMED = new Uint8Array(1000);
for (let k = 0; k < 1000; k++) {
  const d = [Math.floor(k / 100), Math.floor(k / 10) % 10, k % 10].map((x) => 48 + x) as [number, number, number];
  GROUP_WORD[k] = d[0] | (d[1] << 8) | (d[2] << 16);
  const len = k < 10 ? 1 : k < 100 ? 2 : 3;
  const lead = d.slice(3 - len);
  INT_WORD[k] = lead.reduce((w, c, i) => w | (c << (8 * i)), 0);
  INT_LEN[k] = len;
  GROUP_TRIMMED[k] = k % 10 !== 0 ? 3 : k % 100 !== 0 ? 2 : 1;
}

/**
 * putNumberWords of `column[i]`, digit groups written as words (the
 * caller made NUMBER_ROOM bytes of room). Given the column and index rather
 * than the number, so a call the compiler does not inline passes no boxed double.
 */
export function putNumberAt(buf: Uint8Array, view: DataView, pos: number, column: Float64Array, i: number): number {
  return putNumberWords(buf, view, pos, column[i]!);
}

/** formatNumber's text of `n` (format.ts), digit groups written as words (the caller made NUMBER_ROOM bytes of room). */
export function putNumberWords(buf: Uint8Array, view: DataView, pos: number, n: number): number {
  // Whole mph and degrees are common: one table word.
  if ((n | 0) === n && n >= 0 && n < 1000) {
    view.setUint32(pos, INT_WORD[n]!, true);
    return pos + INT_LEN[n]!;
  }
  if (n > -1e9 && n < 1e9) {
    const x = Math.round(n * 1e6);
    if (x / 1e6 === n) {
      // x / 1e6 is n exactly, so n's whole part is x's; below 1e9 and 1e6 both fit int32 (see formatMicroDecimal in format.ts for why this is the shortest text).
      let int = n | 0;
      let micros = x - int * 1e6;
      if (n < 0) {
        buf[pos++] = 45;
        int = -int;
        micros = -micros;
      }
      if (int < 1000) {
        view.setUint32(pos, INT_WORD[int]!, true);
        pos += INT_LEN[int]!;
      } else pos = putSmallUint(buf, pos, int);
      if (micros === 0) return pos;
      buf[pos] = 46;
      const hi = (micros / 1000) | 0;
      const lo = micros - hi * 1000;
      view.setUint32(pos + 1, GROUP_WORD[hi]!, true);
      if (lo === 0) return pos + 1 + GROUP_TRIMMED[hi]!;
      view.setUint32(pos + 4, GROUP_WORD[lo]!, true);
      return pos + 4 + GROUP_TRIMMED[lo]!;
    }
  }
  return putText(buf, pos, formatNumber(n));
}

const DAY_MS = 86_400_000;

/** Little-endian word of ASCII bytes (first char lowest). */
const word = (text: string): number => [...text].reduce((w, c, i) => w | (c.charCodeAt(0) << (8 * i)), 0) >>> 0;
const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A clock time as two words: `HH:M` by minute of the day, then `M:` by minute
 * and `SS` by second. Small tables (9 KiB), so they stay in cache beside the
 * rows, where a table per second of the day would not.
 */
const MINUTE_HEAD = Uint32Array.from({ length: 1440 }, (_, m) =>
  word(`${pad2(Math.floor(m / 60))}:${pad2(m % 60)[0]}`),
);
const MINUTE_TAIL = Uint16Array.from({ length: 1440 }, (_, m) => word(`${pad2(m % 60)[1]}:`));
const SECOND = Uint16Array.from({ length: 60 }, (_, s) => word(pad2(s)));

/**
 * createIsoFormatter's text (format.ts) of `t[i]`, written with words: the date
 * prefix is encoded once a day, the clock comes from the minute and second tables.
 */
export function createIsoWords(): (buf: Uint8Array, view: DataView, pos: number, t: Float64Array, i: number) => number {
  const iso = createIsoFormatter();
  let cachedDay = Number.NaN;
  let prefix = wordRun('');
  return (buf, view, pos, t, i) => {
    const ms = t[i]!;
    // A fractional millisecond (never from the API) takes the string formatter's exact path.
    if (!Number.isInteger(ms)) return putText(buf, pos, iso(ms));
    const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
    if (dayStart !== cachedDay) {
      prefix = wordRun(new Date(dayStart).toISOString().slice(0, 11));
      cachedDay = dayStart;
    }
    pos = putRun(view, pos, prefix);
    // Below 86,400,000: int32 arithmetic throughout.
    const rest = (ms - dayStart) | 0;
    const sec = (rest / 1000) | 0;
    const milli = rest - sec * 1000;
    const minute = (sec / 60) | 0;
    view.setUint32(pos, MINUTE_HEAD[minute]!, true);
    view.setUint32(pos + 4, MINUTE_TAIL[minute]! | (SECOND[sec - minute * 60]! << 16), true);
    pos += 8;
    if (milli !== 0) {
      buf[pos] = 46;
      view.setUint32(pos + 1, GROUP_WORD[milli]!, true);
      pos += 4;
    }
    buf[pos] = 90;
    return pos + 1;
  };
}
