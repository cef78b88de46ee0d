/**
 * A figure over a limit as the user reads it: compared at the precision shown (70.4 mph shown as "70 mph"
 * is not over a 70 mph limit), so a red figure never reads as equal to its limit.
 */
export function exceedsAsShown(value: number, limit: number, decimals = 0): boolean {
  if (!Number.isFinite(value)) return false;
  return Number(value.toFixed(decimals)) > limit;
}
