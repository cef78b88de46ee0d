/**
 * How a list of rejected records is summed up for a person, the same in the CLI's sentence and the
 * app's note: by the reason without the value it quotes, commonest first.
 */

/** "lat is not a number: \"x\"" → "lat is not a number". */
export const reasonKind = (reason: string): string => reason.split(': ')[0] ?? reason;

/** Each kind of reason with how many records gave it, commonest first (ties in text order). */
export function reasonCounts(reasons: Iterable<string>): [kind: string, count: number][] {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(reasonKind(r), (counts.get(reasonKind(r)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
