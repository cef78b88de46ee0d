/**
 * Byte-level building blocks of the CSV and GPX writers: they write UTF-8
 * straight into a Uint8Array, so a million rows cost no per-field strings,
 * no concatenation and no encoding pass. Every helper writes exactly the text
 * of its string counterpart in format.ts (the export tests pin the bytes).
 *
 * Helpers take the buffer and a position and return the position after what
 * they wrote; the caller makes room first (ByteBuilder.room) for a whole row,
 * so a row costs one bounds check: NUMBER_ROOM per number, TIME_ROOM per time,
 * 3 bytes per UTF-16 unit of text.
 */
import { createIsoFormatter, formatNumber } from './format.ts';

/**
 * Room a number written by putNumber may take: formatNumber never uses the
 * exponent form, so 5e-324 is 326 characters and 1.8e308 is 309.
 */
export const NUMBER_ROOM = 330;
/** Room an ISO time written by createIsoBytes takes (29 characters at most). */
export const TIME_ROOM = 32;

/*
 * The WHATWG encoding API, present in every runtime RouteLens runs on (Node,
 * Chromium, workers) but outside shared/'s ES-only lib: declared here, to this module only.
 */
declare const TextEncoder: new () => {
  encode(s: string): Uint8Array;
  encodeInto(s: string, into: Uint8Array): { read: number; written: number };
};
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Bytes pieces default to 512 KiB: a file then takes few large writes (a
 * busy disk answers each write slowly); the text pieces keep format.ts's
 * PIECE_SIZE, as posted between processes.
 */
export const BYTE_PIECE_SIZE = 512 * 1024;

/** Room past pieceSize: a row's worst-case reservation fits, so the buffer grows only for an unusually long text. */
const HEADROOM = 16 * 1024;

/** A growing output buffer handed out in pieces: each piece is a new buffer, never written to again. */
export class ByteBuilder {
  buf: Uint8Array;
  /** The same bytes as `buf`, for word-wide writes (words.ts). */
  view: DataView;
  pos = 0;
  constructor(readonly pieceSize: number) {
    this.buf = new Uint8Array(pieceSize + HEADROOM);
    this.view = new DataView(this.buf.buffer);
  }
  /** Makes sure `n` more bytes fit (the buffer grows past pieceSize only for one huge field). */
  room(n: number): Uint8Array {
    if (this.pos + n > this.buf.length) {
      const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
      bigger.set(this.buf.subarray(0, this.pos));
      this.buf = bigger;
      this.view = new DataView(bigger.buffer);
    }
    return this.buf;
  }
  /** The bytes written so far, when nothing more will be: no fresh buffer. */
  last(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
  /** The bytes written so far, as a piece of their own; the builder starts a fresh buffer. */
  take(): Uint8Array {
    const piece = this.buf.subarray(0, this.pos);
    this.buf = new Uint8Array(this.pieceSize + HEADROOM);
    this.view = new DataView(this.buf.buffer);
    this.pos = 0;
    return piece;
  }
}

export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Pieces as text: a piece always ends at a row or element boundary, so no UTF-8 sequence is ever split. */
export function* piecesAsText(pieces: Iterable<Uint8Array>): Generator<string> {
  for (const p of pieces) yield decoder.decode(p);
}

export function putBytes(buf: Uint8Array, pos: number, bytes: Uint8Array): number {
  const n = bytes.length;
  // A loop beats set() for the short runs that dominate (cells, tags).
  if (n < 48) {
    for (let k = 0; k < n; k++) buf[pos + k] = bytes[k]!;
  } else buf.set(bytes, pos);
  return pos + n;
}

/** Any string, as UTF-8 (the caller made room for 3 bytes per UTF-16 unit). */
export function putText(buf: Uint8Array, pos: number, s: string): number {
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 128) return pos + k + encoder.encodeInto(s.slice(k), buf.subarray(pos + k)).written;
    buf[pos + k] = c;
  }
  return pos + s.length;
}

/** '000'…'999': three ASCII digits per value, so a group of digits is copied instead of divided out. */
const DIGITS3 = new Uint8Array(3000);
/** How many of DIGITS3's digits of k (1…999) are left once its trailing zeros are dropped. */
const TRIMMED3 = new Uint8Array(1000);
for (let k = 0; k < 1000; k++) {
  DIGITS3[3 * k] = 48 + Math.floor(k / 100);
  DIGITS3[3 * k + 1] = 48 + (Math.floor(k / 10) % 10);
  DIGITS3[3 * k + 2] = 48 + (k % 10);
  TRIMMED3[k] = k % 10 !== 0 ? 3 : k % 100 !== 0 ? 2 : 1;
}

/** A non-negative integer below 2^31, in decimal (int32 arithmetic: no float division or fmod). */
export function putSmallUint(buf: Uint8Array, pos: number, n: number): number {
  if (n < 1000) {
    // Readings' whole parts (degrees, mph, headings) are below 1000: one table read.
    const skip = n < 10 ? 2 : n < 100 ? 1 : 0;
    const from = 3 * n + skip;
    for (let k = 0; k < 3 - skip; k++) buf[pos + k] = DIGITS3[from + k]!;
    return pos + 3 - skip;
  }
  let digits = 4;
  for (let p = 10_000; p <= n && digits < 10; p *= 10) digits++;
  for (let k = pos + digits - 1; k >= pos; k--) {
    const q = (n / 10) | 0;
    buf[k] = 48 + n - q * 10;
    n = q;
  }
  return pos + digits;
}

/** Six decimals 000001…999999 after the point, trailing zeros dropped: two three-digit groups. */
function putMicros(buf: Uint8Array, pos: number, frac: number): number {
  const hi = (frac / 1000) | 0;
  const lo = frac - hi * 1000;
  const hiFrom = 3 * hi;
  if (lo === 0) {
    const n = TRIMMED3[hi]!;
    for (let k = 0; k < n; k++) buf[pos + k] = DIGITS3[hiFrom + k]!;
    return pos + n;
  }
  buf[pos] = DIGITS3[hiFrom]!;
  buf[pos + 1] = DIGITS3[hiFrom + 1]!;
  buf[pos + 2] = DIGITS3[hiFrom + 2]!;
  const n = TRIMMED3[lo]!;
  const loFrom = 3 * lo;
  for (let k = 0; k < n; k++) buf[pos + 3 + k] = DIGITS3[loFrom + k]!;
  return pos + 3 + n;
}

/**
 * formatNumber's text of `n`: the fast path for a value with at most 6
 * decimals below 1e9 (see formatMicroDecimal in format.ts for why the trimmed
 * digits are the shortest round-trip ones), formatNumber itself otherwise.
 * The caller made NUMBER_ROOM bytes of room.
 */
export function putNumber(buf: Uint8Array, pos: number, n: number): number {
  if (n === 0) {
    buf[pos] = 48;
    return pos + 1;
  }
  if (n > -1e9 && n < 1e9) {
    const x = Math.round(n * 1e6);
    if (x / 1e6 === n) {
      let a = x;
      if (x < 0) {
        buf[pos++] = 45;
        a = -x;
      }
      // Below 1e9 and 1e6: both fit int32, so the digit work stays in integer arithmetic.
      const int = Math.floor(a / 1e6);
      const frac = (a - int * 1e6) | 0;
      pos = putSmallUint(buf, pos, int | 0);
      if (frac === 0) return pos;
      buf[pos] = 46;
      return putMicros(buf, pos + 1, frac);
    }
  }
  return putText(buf, pos, formatNumber(n));
}

const DAY_MS = 86_400_000;

/**
 * createIsoFormatter's text (`2026-05-01T13:04:05Z`, `.sss` only for non-zero
 * milliseconds) written as bytes; the date part is encoded once a day.
 */
export function createIsoBytes(): (buf: Uint8Array, pos: number, ms: number) => number {
  let cachedDay = Number.NaN;
  let prefix: Uint8Array = new Uint8Array(0);
  const iso = createIsoFormatter();
  return (buf, pos, ms) => {
    // A fractional millisecond (never from the API) takes the string formatter's exact path.
    if (!Number.isInteger(ms)) return putText(buf, pos, iso(ms));
    const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
    if (dayStart !== cachedDay) {
      prefix = utf8(new Date(dayStart).toISOString().slice(0, 11));
      cachedDay = dayStart;
    }
    pos = putBytes(buf, pos, prefix);
    // Below 86,400,000: int32 arithmetic throughout.
    let rest = (ms - dayStart) | 0;
    const milli = rest % 1000;
    rest = ((rest - milli) / 1000) | 0;
    const sec = rest % 60;
    rest = ((rest - sec) / 60) | 0;
    const min = rest % 60;
    const hour = ((rest - min) / 60) | 0;
    pos = put2(buf, pos, hour);
    buf[pos++] = 58;
    pos = put2(buf, pos, min);
    buf[pos++] = 58;
    pos = put2(buf, pos, sec);
    if (milli !== 0) {
      buf[pos++] = 46;
      const h = (milli / 100) | 0;
      const t = ((milli - h * 100) / 10) | 0;
      buf[pos++] = 48 + h;
      buf[pos++] = 48 + t;
      buf[pos++] = 48 + (milli - h * 100 - t * 10);
    }
    buf[pos++] = 90;
    return pos;
  };
}

/** Two digits, zero-padded (hours, minutes and seconds of a day are below 100). */
function put2(buf: Uint8Array, pos: number, n: number): number {
  const t = (n / 10) | 0;
  buf[pos] = 48 + t;
  buf[pos + 1] = 48 + (n - t * 10);
  return pos + 2;
}
