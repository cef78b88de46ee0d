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

export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 3 * 4096;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    let s = '';
    for (let i = start; i < end; i += 3) {
      const a = bytes[i] ?? 0;
      const b = bytes[i + 1] ?? 0;
      const c = bytes[i + 2] ?? 0;
      const n = (a << 16) | (b << 8) | c;
      s += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
      s += i + 1 < end ? ALPHABET[(n >> 6) & 63]! : '=';
      s += i + 2 < end ? ALPHABET[n & 63]! : '=';
    }
    parts.push(s);
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
