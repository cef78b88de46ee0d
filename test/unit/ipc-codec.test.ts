import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  decodeBridge,
  encodeBridge,
  ENGINE_BASE64,
  LOOP_BASE64,
  type Base64Codec,
} from '../../shared/ipc/codec.ts';
import { NODE_BASE64 } from '../../electron/node/web-shell/node-base64.ts';

/** The browser shell's bridge codec, against Node's own base64 (Buffer) as the independent reference. */
const bytes = (n: number, seed = 7): Uint8Array => {
  let s = seed;
  return Uint8Array.from({ length: n }, () => (s = (s * 1103515245 + 12345) & 0x7fffffff) & 255);
};

describe('bridge base64', () => {
  it('writes what Buffer writes, for every length modulo 3 and across the 12,288-byte chunk edge', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 12_287, 12_288, 12_289, 12_290, 30_001]) {
      const b = bytes(n, n + 1);
      expect(bytesToBase64(b), `${n} bytes`).toBe(Buffer.from(b).toString('base64'));
    }
    expect(bytesToBase64(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe('+/+/');
  });

  it('reads what Buffer writes, padding included', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 12_290]) {
      const b = bytes(n, n + 11);
      expect(base64ToBytes(Buffer.from(b).toString('base64')), `${n} bytes`).toEqual(b);
    }
    expect(base64ToBytes('+/+/')).toEqual(Uint8Array.from([0xfb, 0xff, 0xbf]));
  });

  it('refuses text that is not base64: a length that is not a multiple of 4, or a foreign character', () => {
    for (const bad of ['A', 'AB', 'ABC', 'ABCDE', 'AB-_', 'AB C', 'ABé=', 'AB\nC'])
      expect(() => base64ToBytes(bad), JSON.stringify(bad)).toThrow('Invalid base64 in bridge payload');
  });
});

/** The codecs the bridge's two ends use: this file's loops, Node's Buffer (the shell's server), and the engine's (here Node's: the loops). */
const CODECS: [string, Base64Codec][] = [
  ['loops', LOOP_BASE64],
  ['Buffer', NODE_BASE64],
  ['engine', ENGINE_BASE64],
];

describe.each(CODECS)('bridge base64 through the %s codec', (_name, codec) => {
  it('writes and reads what Buffer does, for every padding, a view into a bigger buffer included', () => {
    const big = bytes(40_000, 3);
    for (const [from, to] of [
      [0, 0],
      [0, 1],
      [5, 7],
      [1, 30_001],
      [7, 40_000],
    ] as const) {
      const part = big.subarray(from, to);
      const text = bytesToBase64(part, codec);
      expect(text, `${from}..${to}`).toBe(Buffer.from(part).toString('base64'));
      expect(base64ToBytes(text, codec), `${from}..${to}`).toEqual(new Uint8Array(part));
    }
  });

  it('refuses the same malformed texts, padding inside the text or more than two padding characters included', () => {
    for (const bad of ['AB=C', '=ABC', 'A===', '====', 'AB C', 'ABC\n', 'AB-_'])
      expect(() => base64ToBytes(bad, codec), JSON.stringify(bad)).toThrow('Invalid base64 in bridge payload');
  });

  it('carries a typed array through the bridge JSON and back to its kind, whichever end used which codec', () => {
    const value = { f64: new Float64Array([1.5, -2.25, Number.MIN_VALUE]), u8: bytes(1001, 9) };
    for (const [enc, dec] of [
      [codec, LOOP_BASE64],
      [NODE_BASE64, codec],
    ] as const) {
      const back = decodeBridge(encodeBridge(value, enc), dec) as typeof value;
      expect(back.f64).toBeInstanceOf(Float64Array);
      expect([...back.f64]).toEqual([1.5, -2.25, Number.MIN_VALUE]);
      expect(back.u8).toEqual(value.u8);
    }
  });
});

describe('bridge JSON with typed arrays', () => {
  it('carries every typed array kind with its values, including a view into part of a bigger buffer', () => {
    const big = new Float64Array([1.5, -2.25, Number.MAX_VALUE, 4]);
    const value = {
      f64: big.subarray(1, 3),
      f32: new Float32Array([0.5, -1]),
      u8: new Uint8Array([0, 255]),
      u16: new Uint16Array([65_535, 1]),
      u32: new Uint32Array([4_294_967_295]),
      i32: new Int32Array([-2_147_483_648, 7]),
      plain: [1, 'two', null],
    };
    const back = decodeBridge(encodeBridge(value)) as typeof value;
    expect(back.f64).toBeInstanceOf(Float64Array);
    expect([...back.f64]).toEqual([-2.25, Number.MAX_VALUE]);
    expect(back.f32).toBeInstanceOf(Float32Array);
    expect([...back.f32]).toEqual([0.5, -1]);
    expect(back.u8).toBeInstanceOf(Uint8Array);
    expect([...back.u8]).toEqual([0, 255]);
    expect(back.u16).toBeInstanceOf(Uint16Array);
    expect([...back.u16]).toEqual([65_535, 1]);
    expect(back.u32).toBeInstanceOf(Uint32Array);
    expect([...back.u32]).toEqual([4_294_967_295]);
    expect(back.i32).toBeInstanceOf(Int32Array);
    expect([...back.i32]).toEqual([-2_147_483_648, 7]);
    expect(back.plain).toEqual([1, 'two', null]);
  });

  it('writes a typed array as its name and its little-endian bytes in base64', () => {
    expect(JSON.parse(encodeBridge({ a: new Uint16Array([0x0102]) }))).toEqual({
      a: { $typed: 'Uint16Array', base64: Buffer.from([0x02, 0x01]).toString('base64') },
    });
  });

  it('sends undefined as null, and leaves look-alikes that are not typed arrays as they are', () => {
    expect(encodeBridge(undefined)).toBe('null');
    expect(decodeBridge(encodeBridge(new DataView(new ArrayBuffer(2))))).toEqual({});
    const lookAlikes = [
      { $typed: 'BigInt64Array', base64: 'AAAAAAAAAAA=' },
      // Names an object has from Object.prototype are not typed-array kinds (once a TypeError, or an ArrayBuffer).
      { $typed: 'toString', base64: 'AAAA' },
      { $typed: 'constructor', base64: 'AAAA' },
      { $typed: 'hasOwnProperty', base64: 'AAAA' },
      { $typed: 7, base64: 'AAAA' },
      { $typed: 'Uint8Array', base64: 7 },
      { $typed: 'Uint8Array' },
    ];
    expect(decodeBridge(JSON.stringify(lookAlikes))).toEqual(lookAlikes);
    expect(decodeBridge('null')).toBeNull();
    expect(decodeBridge('{"a":null,"b":[null,1]}')).toEqual({ a: null, b: [null, 1] });
  });
});
