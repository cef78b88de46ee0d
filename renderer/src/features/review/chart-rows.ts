/** Recharts rows; a NaN separator (a gap) becomes null so the line breaks there. */
export function chartData(s: { t: Float64Array; v: Float64Array }): { t: number; v: number | null }[] {
  return Array.from(s.t, (t, i) => {
    const v = s.v[i]!;
    return { t, v: Number.isNaN(v) ? null : v };
  });
}

/** Where a series' values go on a chart: pixel x of a time and pixel y of a value. */
export interface PlotScale {
  x: (ms: number) => number;
  y: (v: number) => number;
}

const px = (n: number) => Math.round(n * 10) / 10;

/**
 * An SVG path of the series: one "M" per stretch between gaps (a NaN breaks the line, as a null does in
 * Recharts), a point per value (`linear`) or a step held until the next time (`step`, as Recharts'
 * stepAfter). Drawn as one path instead of a Recharts <Line>, which measures its path's length
 * (getTotalLength, a forced layout) on every render, animation off or not.
 */
export function seriesPathD(s: { t: ArrayLike<number>; v: ArrayLike<number> }, scale: PlotScale, step = false): string {
  const parts: string[] = [];
  let open = false;
  for (let i = 0; i < s.t.length; i++) {
    const v = s.v[i]!;
    if (Number.isNaN(v)) {
      open = false;
      continue;
    }
    const x = px(scale.x(s.t[i]!));
    const y = px(scale.y(v));
    if (!open) parts.push(`M${x},${y}`);
    else if (step) parts.push(`H${x}V${y}`);
    else parts.push(`L${x},${y}`);
    open = true;
  }
  return parts.join('');
}
