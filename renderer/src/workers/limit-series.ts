/**
 * The review worker's road limits: judged once per loaded selection (day by day, as the events are:
 * shared/roads/limit-along.ts), then cut to each chart window.
 */
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import { limitAlong, roadNameOf, type LimitAlong } from '../../../shared/roads/limit-along.ts';
import { OVER_LIMIT_DEFAULTS } from '../../../shared/roads/over-limit.ts';
import type { TierBound } from '../../../shared/roads/tiers.ts';
import type { RoadIndex } from '../../../shared/roads/types.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { LimitsInWindow } from './analysis-protocol.ts';
import { limitSteps, windowOf } from './series.ts';

/** The selection's kept readings end to end with their limits; `index` names their ways. */
export interface SelectionLimits extends LimitAlong {
  t: Float64Array;
  index: RoadIndex;
  tiers: readonly TierBound[];
}

/** The limits along every day of `clean` (the days' kept readings, in time order); null without road limits. */
export function selectionLimits(roads: RoadLimits | undefined, clean: readonly DayChunk[]): SelectionLimits | null {
  if (!roads) return null;
  const n = clean.reduce((sum, c) => sum + c.length, 0);
  const out: SelectionLimits = {
    length: n,
    t: new Float64Array(n),
    limitMph: new Float64Array(n),
    overMph: new Float64Array(n),
    way: new Int32Array(n),
    shown: new Uint8Array(n),
    cls: new Uint8Array(n),
    index: roads.index,
    tiers: roads.overLimit?.tiers ?? OVER_LIMIT_DEFAULTS.tiers,
  };
  let at = 0;
  for (const day of clean) {
    if (day.length === 0) continue;
    const { along, index } = limitAlong(roads, day);
    out.index = index;
    out.t.set(day.t, at);
    out.limitMph.set(along.limitMph, at);
    out.overMph.set(along.overMph, at);
    out.way.set(along.way, at);
    out.shown.set(along.shown, at);
    out.cls.set(along.cls, at);
    at += day.length;
  }
  return out;
}

/** The window's part: its step line at `px` columns and its readings, their roads named. */
export function limitsInWindow(
  sel: SelectionLimits,
  fromMs: number,
  toMs: number,
  px: number,
  gapMs: number,
): LimitsInWindow {
  const [lo, hi] = windowOf(sel.t, fromMs, toMs);
  const roads: string[] = [];
  const roadOfWay = new Map<number, number>();
  const road = Int32Array.from(sel.way.subarray(lo, hi), (w) => {
    if (w < 0) return -1;
    let k = roadOfWay.get(w);
    if (k === undefined) roadOfWay.set(w, (k = roads.push(roadNameOf(sel.index.ways[w]!)) - 1));
    return k;
  });
  return {
    line: limitSteps(sel.t, sel.limitMph, fromMs, toMs, px, gapMs),
    t: sel.t.slice(lo, hi),
    limitMph: sel.limitMph.slice(lo, hi),
    overMph: sel.overMph.slice(lo, hi),
    shown: sel.shown.slice(lo, hi),
    cls: sel.cls.slice(lo, hi),
    road,
    roads,
    tiers: sel.tiers,
  };
}
