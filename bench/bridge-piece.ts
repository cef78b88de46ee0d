/**
 * The browser shell's bridge carrying road limits: `npx tsx bench/bridge-piece.ts` (also run by `npm run
 * bench`). One 8 MiB piece (ROAD_IPC_LIMITS.pieceBytes: an extract's upload piece, a road index's read
 * piece) through encodeBridge and decodeBridge as the shell's server runs them (Node's Buffer for the base64),
 * beside the shared loops (what a Node or browser without a base64 of its own runs) and Buffer's bare base64 of
 * the same bytes, in the same run.
 */
import { NODE_BASE64 } from '../electron/node/web-shell/node-base64.ts';
import { decodeBridge, encodeBridge, LOOP_BASE64 } from '../shared/ipc/codec.ts';
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

const text = encodeBridge(['import-id', piece], NODE_BASE64);
const base64 = text.slice(text.indexOf('"base64":"') + 10, text.lastIndexOf('"'));
console.log(`bridge-piece: ${mb.toFixed(1)} MB piece, ${(text.length / 1e6).toFixed(1)} MB of JSON`);
report({
  bench: 'bridge-piece',
  name: "encodeBridge of an 8 MiB piece (the shell's server: Buffer's base64)",
  unit: 'MB/s',
  samples: rate(() => encodeBridge(['import-id', piece], NODE_BASE64)),
  baselines: [
    {
      name: 'encodeBridge with the shared loops',
      samples: rate(() => encodeBridge(['import-id', piece], LOOP_BASE64)),
    },
    { name: "Buffer's base64 of the same bytes", samples: rate(() => Buffer.from(piece).toString('base64')) },
  ],
});
report({
  bench: 'bridge-piece',
  name: "decodeBridge of an 8 MiB piece (the shell's server: Buffer's base64)",
  unit: 'MB/s',
  samples: rate(() => decodeBridge(text, NODE_BASE64)),
  baselines: [
    { name: 'decodeBridge with the shared loops', samples: rate(() => decodeBridge(text, LOOP_BASE64)) },
    { name: "Buffer's base64 decode of the same text", samples: rate(() => Buffer.from(base64, 'base64')) },
  ],
});
