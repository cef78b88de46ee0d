import { describe, expect, it } from 'vitest';
import { utf8Text } from '../../electron/node/api/read-capped.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const enc = (s: string) => new TextEncoder().encode(s);

describe('utf8Text: the response body decoded exactly as TextDecoder does', () => {
  const cases: [string, Uint8Array][] = [
    ['empty', bytes()],
    ['ASCII JSON', enc('{"data":[1,2]}')],
    ['non-ASCII', enc('{"calc_location":"Zoë 🚚 Montréal"}')],
    ['a leading BOM (dropped)', bytes(0xef, 0xbb, 0xbf, 0x7b, 0x7d)],
    ['a BOM alone', bytes(0xef, 0xbb, 0xbf)],
    ['a BOM not at the start (kept)', bytes(0x20, 0xef, 0xbb, 0xbf)],
    ['an invalid byte', bytes(0x7b, 0xff, 0x7d)],
    ['a truncated sequence at the end', bytes(0x41, 0xe2, 0x82)],
    ['an encoded surrogate', bytes(0xed, 0xa0, 0x80, 0x41)],
    ['an overlong slash', bytes(0xc0, 0xaf)],
    ['a BOM then invalid', bytes(0xef, 0xbb, 0xbf, 0x80)],
  ];
  it.each(cases)('%s', (_name, body) => {
    expect(utf8Text(body)).toBe(new TextDecoder().decode(body));
  });

  it('reads a view into a larger buffer from its own offset', () => {
    const whole = enc('xx{"a":"é"}yy');
    const view = whole.subarray(2, whole.length - 2);
    expect(utf8Text(view)).toBe('{"a":"é"}');
  });

  it('replaces invalid bytes with U+FFFD rather than failing', () => {
    expect(utf8Text(bytes(0x61, 0xff, 0x62))).toBe('a\uFFFDb');
  });
});
