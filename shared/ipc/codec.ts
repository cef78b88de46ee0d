/**
 * JSON with typed arrays, for the browser shell's HTTP bridge (Electron's IPC
 * structured-clones typed arrays natively). A typed array travels as
 * `{"$typed": "Float64Array", "base64": "…"}` of its little-endian bytes.
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
export function bytesToBase64(bytes: Uint8Array): string {
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

export function base64ToBytes(b64: string): Uint8Array {
  if (b64.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(b64)) throw new Error('Invalid base64 in bridge payload');
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

export function encodeBridge(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value, (_key, v: unknown) => {
    const name = typedName(v);
    if (!name) return v;
    const t = v as AnyTyped;
    return { $typed: name, base64: bytesToBase64(new Uint8Array(t.buffer, t.byteOffset, t.byteLength)) };
  });
}

export function decodeBridge(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as { $typed?: unknown; base64?: unknown };
    // Own names only: `in` would also take "toString" or "constructor" from Object.prototype for a constructor.
    if (typeof o.$typed !== 'string' || typeof o.base64 !== 'string' || !Object.hasOwn(TYPED, o.$typed)) return v;
    const bytes = base64ToBytes(o.base64);
    const Ctor = TYPED[o.$typed as TypedName];
    // Copy into a fresh, aligned buffer before viewing it with a wider type.
    const buf = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(buf).set(bytes);
    return new Ctor(buf);
  });
}
