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

/**
 * Room a number written by words.ts's putNumberWords may take: formatNumber
 * never uses the exponent form, so 5e-324 is 326 characters and 1.8e308 is 309.
 */
export const NUMBER_ROOM = 330;
/** Room an ISO time written by words.ts's createIsoWords takes (29 characters at most). */
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

/**
 * Piece buffers handed back once written, so a long export reuses a few
 * instead of allocating one per piece: each fresh buffer is memory outside
 * the JS heap, and a few hundred of them make V8 run a full collection over
 * everything the export holds (the chunks) to free them. A pool takes back
 * only buffers it handed out, so nothing else (a zip, a caller's bytes) is
 * ever reused by mistake.
 */
export class PiecePool {
  private readonly free: ArrayBuffer[] = [];
  private freeBytes = 0;
  private readonly own = new WeakSet<ArrayBuffer>();
  /**
   * `keepBytes`: how much written memory waits for reuse. The default holds
   * what a write stream with a few MiB of buffer hands back at once, in pieces
   * of any size, so a steady export allocates nothing.
   */
  constructor(private readonly keepBytes = 4 * 1024 * 1024) {}
  /** A buffer of at least `size` bytes: a written one when one is that big, else a new one. */
  alloc(size: number): Uint8Array {
    const at = this.free.findIndex((b) => b.byteLength >= size);
    if (at >= 0) {
      const buffer = this.free.splice(at, 1)[0]!;
      this.freeBytes -= buffer.byteLength;
      return new Uint8Array(buffer);
    }
    const buf = new Uint8Array(size);
    this.own.add(buf.buffer as ArrayBuffer);
    return buf;
  }
  /** Hands back a piece its reader is done with (written to disk); the bytes are overwritten later. Other buffers are ignored. */
  release(piece: Uint8Array): void {
    const buffer = piece.buffer as ArrayBuffer;
    if (!this.own.has(buffer) || this.free.includes(buffer)) return;
    if (this.freeBytes + buffer.byteLength > this.keepBytes) return;
    this.free.push(buffer);
    this.freeBytes += buffer.byteLength;
  }
}

/**
 * A growing output buffer handed out in pieces: each piece is a buffer of its
 * own that the builder never writes to again, unless the reader hands it back
 * to the builder's pool.
 */
export class ByteBuilder {
  buf: Uint8Array;
  /** The same bytes as `buf`, for word-wide writes (words.ts). */
  view: DataView;
  pos = 0;
  constructor(
    readonly pieceSize: number,
    private readonly pool?: PiecePool,
  ) {
    this.buf = this.fresh();
    this.view = new DataView(this.buf.buffer);
  }
  private fresh(): Uint8Array {
    const size = this.pieceSize + HEADROOM;
    return this.pool ? this.pool.alloc(size) : new Uint8Array(size);
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
    this.buf = this.fresh();
    this.view = new DataView(this.buf.buffer);
    this.pos = 0;
    return piece;
  }
}

export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}

/**
 * Pieces as text: a piece always ends at a row or element boundary, so no
 * UTF-8 sequence is ever split. `makePieces` gets a pool each decoded piece
 * goes back to (the text is a copy), so the writer fills one buffer over and over.
 */
export function* piecesAsText(makePieces: (pool: PiecePool) => Iterable<Uint8Array>): Generator<string> {
  const pool = new PiecePool();
  for (const p of makePieces(pool)) {
    const text = decoder.decode(p);
    pool.release(p);
    yield text;
  }
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

/** A non-negative integer below 2^31, in decimal (int32 arithmetic: no float division or fmod). */
export function putSmallUint(buf: Uint8Array, pos: number, n: number): number {
  let digits = 1;
  for (let p = 10; p <= n && digits < 10; p *= 10) digits++;
  for (let k = pos + digits - 1; k >= pos; k--) {
    const q = (n / 10) | 0;
    buf[k] = 48 + n - q * 10;
    n = q;
  }
  return pos + digits;
}
