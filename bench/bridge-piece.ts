/**
 * The browser shell's bridge carrying road limits: `npx tsx bench/bridge-piece.ts` (also run by `npm run
 * bench`). One 8 MiB piece (ROAD_IPC_LIMITS.pieceBytes: an extract's upload piece, a road index's read
 * piece) through encodeBridge and decodeBridge, beside Node's own base64 of the same bytes (Buffer) in the
 * same run.
 */
import { decodeBridge, encodeBridge } from '../shared/ipc/codec.ts';
import { ROAD_IPC_LIMITS } from '../shared/ipc/roads-contract.ts';
import { report } from './lib/figures.ts';

const RUNS = 5;
const piece = Uint8Array.from({ length: ROAD_IPC_LIMITS.pieceBytes }, (_, i) => (i * 7919) & 255);
const mb = piece.length / 1e6;

function rate<T>(fn: () => T): number[] {
  fn(); // warm-up: the first call includes JIT compilation
  return Array.from({ length: RUNS }, () => {
    const t0 = performance.now();
    fn();
    return mb / ((performance.now() - t0) / 1000);
  });
}

const text = encodeBridge(['import-id', piece]);
const base64 = text.slice(text.indexOf('"base64":"') + 10, text.lastIndexOf('"'));
console.log(`bridge-piece: ${mb.toFixed(1)} MB piece, ${(text.length / 1e6).toFixed(1)} MB of JSON`);
report({
  bench: 'bridge-piece',
  name: 'encodeBridge of an 8 MiB piece',
  unit: 'MB/s',
  samples: rate(() => encodeBridge(['import-id', piece])),
  baselines: [
    { name: "Buffer's base64 of the same bytes", samples: rate(() => Buffer.from(piece).toString('base64')) },
  ],
});
report({
  bench: 'bridge-piece',
  name: 'decodeBridge of an 8 MiB piece',
  unit: 'MB/s',
  samples: rate(() => decodeBridge(text)),
  baselines: [{ name: "Buffer's base64 decode of the same text", samples: rate(() => Buffer.from(base64, 'base64')) }],
});
