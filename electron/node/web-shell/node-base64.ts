import type { Base64Codec } from '../../../shared/ipc/codec.ts';

/**
 * The shell's server writes and reads the bridge's base64 with Node's Buffer, about 10× the shared codec's loops
 * for the base64 alone (bench/bridge-piece.ts), which a Node without a Uint8Array base64 of its own (20 here)
 * would otherwise run.
 * `decode` is given only well-formed text (shared/ipc/codec.ts checks it first), since Buffer skips what it cannot read.
 */
export const NODE_BASE64: Base64Codec = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  decode: (text) => {
    const b = Buffer.from(text, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  },
};
