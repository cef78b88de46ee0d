/**
 * Douglas–Peucker in Web Mercator (the world is 1 × 1), the projection the
 * map draws in, so a tolerance is a fixed fraction of a pixel at one zoom.
 */

/** MapLibre's tiles are 512 px. */
const TILE_PX = 512;

/** Half a pixel at `zoom`, in Web Mercator world units (the world is 1 × 1). */
export function toleranceAtZoom(zoom: number): number {
  return 0.5 / (TILE_PX * 2 ** zoom);
}

export function mercatorX(lng: number): number {
  return (lng + 180) / 360;
}

export function mercatorY(lat: number): number {
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  return (1 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) / 2;
}

/** Squared distance from P to segment AB. */
function segDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax,
    dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let u = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  const ex = ax + u * dx - px,
    ey = ay + u * dy - py;
  return ex * ex + ey * ey;
}

/** Douglas–Peucker between kept a and b (exclusive), iterative; marks kept points in `keep`. */
export function simplifyBetween(
  x: Float64Array,
  y: Float64Array,
  a: number,
  b: number,
  tol2: number,
  keep: Uint8Array,
): void {
  const stack = [a, b];
  while (stack.length > 0) {
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    let worst = -1,
      worstD = tol2;
    for (let i = lo + 1; i < hi; i++) {
      const d = segDist2(x[i]!, y[i]!, x[lo]!, y[lo]!, x[hi]!, y[hi]!);
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push(lo, worst, worst, hi);
  }
}
