import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../shared/ipc/codec.ts';

/** The bridge's base64 against Node's own, at every padding and over every byte value. */
describe('bytesToBase64', () => {
  it('writes what Buffer writes, for every length up to three groups past a chunk and every byte', () => {
    const bytes = Uint8Array.from({ length: 3 * 4096 + 9 }, (_, i) => (i * 151 + (i >> 8)) & 255);
    for (const n of [0, 1, 2, 3, 4, 5, 6, 255, 256, 3 * 4096 - 1, 3 * 4096, 3 * 4096 + 1, 3 * 4096 + 9]) {
      const part = bytes.subarray(0, n);
      const text = bytesToBase64(part);
      expect(text).toBe(Buffer.from(part).toString('base64'));
      expect(base64ToBytes(text)).toEqual(new Uint8Array(part));
    }
  });
});
