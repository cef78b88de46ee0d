/** Recharts rows; a NaN separator (a gap) becomes null so the line breaks there. */
export function chartData(s: { t: Float64Array; v: Float64Array }): { t: number; v: number | null }[] {
  return Array.from(s.t, (t, i) => {
    const v = s.v[i]!;
    return { t, v: Number.isNaN(v) ? null : v };
  });
}
