/**
 * Outside text cut to a bound: at most `max` characters (code points, so a cut
 * never halves a surrogate pair), a cut marked with "…" (the mark is the
 * `max`-th character, so the result is never longer than `max`).
 */
export const CUT_MARK = '…';

export function boundText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let units = 0;
  let count = 0;
  let keep = 0;
  while (units < text.length) {
    if (count === max) return { text: text.slice(0, keep) + CUT_MARK, cut: true };
    units += text.codePointAt(units)! > 0xffff ? 2 : 1;
    count++;
    if (count === max - 1) keep = units;
  }
  return { text, cut: false };
}
