/**
 * JSON with typed arrays, for the browser shell's HTTP bridge (Electron's IPC
 * structured-clones typed arrays natively). A typed array travels as
 * `{"$typed": "Float64Array", "base64": "…"}` of its little-endian bytes.
 * Base64 is what the caller gives (the shell's server passes Node's Buffer), else the engine's own where it has one
 * (Chromium's `Uint8Array.fromBase64` and `toBase64`: a road index's bytes cross the bridge on the first review),
 * else this file's loops, several times slower than either.
 */
const TYPED = {
  Float64Array,
  Float32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Int32Array,
} as const;
type TypedName = keyof typeof TYPED;
type AnyTyped = InstanceType<(typeof TYPED)[TypedName]>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** Every 12-bit value as its two base64 characters: one lookup per half of a 3-byte group. */
const PAIRS: string[] = [];
for (let i = 0; i < 4096; i++) PAIRS.push(ALPHABET[i >> 6]! + ALPHABET[i & 63]!);

/** Whole groups joined from arrays, not appended char by char: an 8 MiB piece of an extract takes ~0.4 s, not ~9 s. */
function loopToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const whole = bytes.length - (bytes.length % 3);
  const CHUNK = 3 * 4096;
  for (let start = 0; start < whole; start += CHUNK) {
    const end = Math.min(whole, start + CHUNK);
    const quads: string[] = [];
    for (let i = start; i < end; i += 3) {
      const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      quads.push(PAIRS[n >> 12]! + PAIRS[n & 4095]!);
    }
    parts.push(quads.join(''));
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const n = (bytes[whole]! << 16) | ((rest > 1 ? bytes[whole + 1]! : 0) << 8);
    parts.push(ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + (rest > 1 ? ALPHABET[(n >> 6) & 63]! : '=') + '=');
  }
  return parts.join('');
}

/** How bytes become base64 text and back; `decode` is given only text of the alphabet, in groups of four. */
export interface Base64Codec {
  encode(bytes: Uint8Array): string;
  decode(text: string): Uint8Array;
}

/** The base64 of ECMAScript's Uint8Array methods (Chromium 140+), typed here as the lib in use may not have them. */
interface EngineBase64 {
  fromBase64?: (text: string, options: { lastChunkHandling: 'strict' }) => Uint8Array;
  prototype: { toBase64?: (this: Uint8Array) => string };
}
const engine = Uint8Array as unknown as EngineBase64;
const engineToBase64 = engine.prototype.toBase64;
const engineFromBase64 = engine.fromBase64;

/** This file's loops: the codec where the engine has no base64 of its own. */
export const LOOP_BASE64: Base64Codec = { encode: loopToBase64, decode: loopFromBase64 };

/** The engine's base64 where it has one, else this file's loops. */
export const ENGINE_BASE64: Base64Codec =
  engineToBase64 && engineFromBase64
    ? {
        encode: (bytes) => engineToBase64.call(bytes),
        // Strict: padding bits that are not zero are refused, as no encoder writes them.
        decode: (text) => engineFromBase64(text, { lastChunkHandling: 'strict' }),
      }
    : LOOP_BASE64;

const BAD_BASE64 = 'Invalid base64 in bridge payload';

export function bytesToBase64(bytes: Uint8Array, codec: Base64Codec = ENGINE_BASE64): string {
  return codec.encode(bytes);
}

/** The alphabet, then at most two `=` at the end: what every codec is given, so each reads the same texts. */
const WELL_FORMED = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `b64`; anything but the alphabet in groups of four (whitespace too) is refused, whatever the codec. */
export function base64ToBytes(b64: string, codec: Base64Codec = ENGINE_BASE64): Uint8Array {
  if (b64.length % 4 !== 0 || !WELL_FORMED.test(b64)) throw new Error(BAD_BASE64);
  try {
    return codec.decode(b64);
  } catch {
    throw new Error(BAD_BASE64);
  }
}

function loopFromBase64(b64: string): Uint8Array {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((b64.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < b64.length; i += 4) {
    const n =
      ((LOOKUP[b64.charCodeAt(i)] ?? 0) << 18) |
      ((LOOKUP[b64.charCodeAt(i + 1)] ?? 0) << 12) |
      ((LOOKUP[b64.charCodeAt(i + 2)] ?? 0) << 6) |
      (LOOKUP[b64.charCodeAt(i + 3)] ?? 0);
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

function typedName(v: unknown): TypedName | null {
  if (!ArrayBuffer.isView(v)) return null;
  for (const name of Object.keys(TYPED) as TypedName[]) if (v instanceof TYPED[name]) return name;
  return null;
}

export function encodeBridge(value: unknown, codec: Base64Codec = ENGINE_BASE64): string {
  return JSON.stringify(value === undefined ? null : value, (_key, v: unknown) => {
    const name = typedName(v);
    if (!name) return v;
    const t = v as AnyTyped;
    return { $typed: name, base64: codec.encode(new Uint8Array(t.buffer, t.byteOffset, t.byteLength)) };
  });
}

export function decodeBridge(text: string, codec: Base64Codec = ENGINE_BASE64): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as { $typed?: unknown; base64?: unknown };
    // Own names only: `in` would also take "toString" or "constructor" from Object.prototype for a constructor.
    if (typeof o.$typed !== 'string' || typeof o.base64 !== 'string' || !Object.hasOwn(TYPED, o.$typed)) return v;
    const bytes = base64ToBytes(o.base64, codec);
    const Ctor = TYPED[o.$typed as TypedName];
    // Copy into a fresh, aligned buffer before viewing it with a wider type.
    const buf = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(buf).set(bytes);
    return new Ctor(buf);
  });
}
