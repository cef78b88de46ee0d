/**
 * What Trip review says of the road limits it was sent (renderer/src/workers/analysis-protocol.ts
 * LimitsInWindow): a reading's road and limit under the pointer, and the route legend's classes.
 */
import { LIMIT_SHOWN, limitHoverText, type LimitClass } from '../../../../shared/roads/limit-along.ts';
import { toleranceOf, type TierBound } from '../../../../shared/roads/tiers.ts';
import { lowerBound } from '../../../../shared/util/search.ts';
import type { LimitsInWindow } from '../../workers/analysis-protocol.ts';

/** The reading nearest `ms` (none farther than `withinMs`), or -1. */
export function readingNear(t: Float64Array, ms: number, withinMs: number): number {
  const k = lowerBound(t, ms);
  let best = -1;
  for (const i of [k - 1, k]) {
    if (i < 0 || i >= t.length || Math.abs(t[i]! - ms) > withinMs) continue;
    if (best < 0 || Math.abs(t[i]! - ms) < Math.abs(t[best]! - ms)) best = i;
  }
  return best;
}

/** The hover text of the reading nearest `ms` ("I 95 · 65 mph posted"), or null when none is that near. */
export function limitHoverAt(l: LimitsInWindow, ms: number, withinMs: number): string | null {
  const i = readingNear(l.t, ms, withinMs);
  if (i < 0) return null;
  const road = l.road[i]!;
  return limitHoverText(road < 0 ? null : (l.roads[road] ?? ''), l.limitMph[i]!, LIMIT_SHOWN[l.shown[i]!] ?? 'none');
}

/** The route legend by mph over the limit, in the order a reader scans it (tier bounds from the fleet's table). */
export function limitLegend(tiers: readonly TierBound[]): { cls: LimitClass; label: string }[] {
  const bands = tiers.map((b, k) => {
    const next = tiers[k + 1];
    const range = next ? `${b.fromMph}–${next.fromMph - 1}` : `${b.fromMph}+`;
    return { cls: b.tier, label: `${range} over (${b.tier})` };
  });
  return [
    { cls: 'under', label: 'Under the limit' },
    { cls: 'within', label: `0–${toleranceOf(tiers)} over` },
    ...bands,
    { cls: 'unknown', label: 'Limit unknown' },
  ];
}
