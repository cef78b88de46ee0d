import type { RoadLimitsSpec } from '../../workers/worker-roads.ts';
import type { WorkerRoadsState } from '../../roads/worker-roads-of.ts';

/**
 * What a Trip review load needs in which order. The route needs only the readings; the analysis needs the
 * road limits too (judged against them), which on a cold start are still read from the backend and decoded
 * when the first selection is chosen. A load therefore starts at once and awaits a RoadsGate only for its
 * analysis: the route is drawn meanwhile.
 */
export interface ReadyRoads {
  spec: RoadLimitsSpec | null;
  key: string;
}

/** The road limits a load judges with: settled once they are ready; `ready` resolves then. */
export interface RoadsGate {
  settled: ReadyRoads | null;
  ready: Promise<ReadyRoads>;
}

function pendingGate(): RoadsGate & { open: (r: ReadyRoads) => void } {
  let open: (r: ReadyRoads) => void = () => undefined;
  const ready = new Promise<ReadyRoads>((resolve) => (open = resolve));
  return { settled: null, ready, open };
}

/**
 * The gate after `roads`: the same object while the limits load and when they first become ready (the
 * loads waiting on it go on, the pending gate opens), a new one only when ready limits change to other ready
 * limits (a load started with the old ones is then superseded and loaded again). Kept limits that reload
 * (not ready again) keep the last gate until the new ones are ready.
 */
export function nextRoadsGate(gate: ReturnType<typeof pendingGate> | null, roads: WorkerRoadsState) {
  const current = gate ?? pendingGate();
  if (!roads.ready) return current;
  const ready: ReadyRoads = { spec: roads.spec, key: roads.key };
  if (!current.settled) {
    current.settled = ready;
    current.open(ready);
    return current;
  }
  if (current.settled.key === roads.key) return current;
  const next = pendingGate();
  next.settled = ready;
  next.open(ready);
  return next;
}

export type KeptGate = ReturnType<typeof nextRoadsGate>;

/**
 * The last few loaded selections, by load key: Back to a selection just shown (the per-day table's day, then
 * Back) shows it again without reading or analysing. The caller keeps each with its stored-days stamp and
 * shows it only under the same stamp (days written or deleted since load it again); other road limits make
 * another key. Nothing stale is ever shown.
 */
export class KeptLoads<T> {
  private entries: { key: string; value: T }[] = [];
  constructor(private readonly size: number) {}

  get(key: string): T | undefined {
    const k = this.entries.findIndex((e) => e.key === key);
    if (k < 0) return undefined;
    const [hit] = this.entries.splice(k, 1);
    this.entries.unshift(hit!);
    return hit!.value;
  }

  set(key: string, value: T): void {
    this.entries = [{ key, value }, ...this.entries.filter((e) => e.key !== key)].slice(0, this.size);
  }
}
