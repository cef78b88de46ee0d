/**
 * Writes electron/node/simulator/checkpoints-2026.json: every demo vehicle's
 * op-day start state every CHECKPOINT_EVERY op-days, chained from the epoch
 * with the simulator's own step (no checkpoint used), up to HORIZON_DAYS.
 * Run after any change to the simulation (`npm run sim:checkpoints`); the
 * simulator ignores a file that no longer matches (see checkpoints.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCarriers } from '../electron/node/simulator/fleet.ts';
import { CHECKPOINT_EVERY, encodeState, type CheckpointFile } from '../electron/node/simulator/checkpoints.ts';
import { initialState, simulateOpDay } from '../electron/node/simulator/vehicle-sim.ts';

const SEED = 2026;
/** Op-days covered from the epoch (2025-06-01): to early 2029. */
const HORIZON_DAYS = 42 * CHECKPOINT_EVERY;

const out: CheckpointFile = { seed: SEED, every: CHECKPOINT_EVERY, vehicles: {} };
for (const carrier of buildCarriers(SEED)) {
  for (const v of carrier.vehicles) {
    const profile = carrier.profiles.get(v.vehicle_id);
    if (!profile) throw new Error(`vehicle ${v.vehicle_id} has no profile`);
    const states = [];
    let s = initialState(profile, SEED);
    for (let k = 0; k < HORIZON_DAYS; k++) {
      s = simulateOpDay(profile, SEED, v.active, k, s, false).end;
      if ((k + 1) % CHECKPOINT_EVERY === 0) states.push(encodeState(s));
    }
    out.vehicles[v.vehicle_id] = states;
  }
}
const file = path.resolve(import.meta.dirname, '../electron/node/simulator/checkpoints-2026.json');
// One vehicle a line: diffs stay readable.
const lines = Object.entries(out.vehicles).map(([id, states]) => `${JSON.stringify(id)}:${JSON.stringify(states)}`);
writeFileSync(file, `{"seed":${SEED},"every":${CHECKPOINT_EVERY},"vehicles":{\n${lines.join(',\n')}\n}}\n`);
console.log(`wrote ${file}: ${lines.length} vehicles, ${HORIZON_DAYS / CHECKPOINT_EVERY} states each`);
