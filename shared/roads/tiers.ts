/**
 * Severity tiers of driving over a road's limit, by mph over. One table: each
 * tier starts at its `fromMph` and runs to the next tier's; the first tier's
 * bound is the tolerance (below it a reading is not over the limit at all).
 */
export const TIER_NAMES = ['light', 'moderate', 'heavy', 'severe'] as const;
export type OverLimitTier = (typeof TIER_NAMES)[number];

export interface TierBound {
  tier: OverLimitTier;
  /** The smallest mph over the limit in this tier. */
  fromMph: number;
}

/** Defaults: light 6–10, moderate 11–15, heavy 16–20, severe 21+ mph over (fractions fall to the tier below: 10.9 is light). */
export const DEFAULT_TIERS: readonly TierBound[] = [
  { tier: 'light', fromMph: 6 },
  { tier: 'moderate', fromMph: 11 },
  { tier: 'heavy', fromMph: 16 },
  { tier: 'severe', fromMph: 21 },
];

/** The tier of `overMph`, or null below the first bound (within the tolerance). */
export function tierOf(overMph: number, tiers: readonly TierBound[] = DEFAULT_TIERS): OverLimitTier | null {
  let found: OverLimitTier | null = null;
  for (const b of tiers) if (overMph >= b.fromMph) found = b.tier;
  return found;
}

/** The tolerance a table implies: its first bound. */
export function toleranceOf(tiers: readonly TierBound[]): number {
  return tiers[0]!.fromMph;
}

/**
 * Checks a fleet's own table: every tier once, in TIER_NAMES order, bounds
 * finite, positive and rising (a fleet may shift bounds, not reorder tiers).
 * Returns the table, or throws an error naming what is wrong.
 */
export function checkTiers(tiers: readonly TierBound[]): readonly TierBound[] {
  if (tiers.length !== TIER_NAMES.length)
    throw new RangeError(`tiers: ${TIER_NAMES.length} tiers needed, got ${tiers.length}`);
  tiers.forEach((b, k) => {
    if (b.tier !== TIER_NAMES[k])
      throw new RangeError(`tiers: tier ${k + 1} must be "${TIER_NAMES[k]}", got "${b.tier}"`);
    if (!Number.isFinite(b.fromMph) || b.fromMph <= 0 || b.fromMph > 200)
      throw new RangeError(
        `tiers: "${b.tier}" starts at ${b.fromMph} mph over; a bound is a number of mph in (0, 200]`,
      );
    if (k > 0 && b.fromMph <= tiers[k - 1]!.fromMph)
      throw new RangeError(
        `tiers: "${b.tier}" (${b.fromMph}) must start above "${tiers[k - 1]!.tier}" (${tiers[k - 1]!.fromMph})`,
      );
  });
  return tiers;
}
