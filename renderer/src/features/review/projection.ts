/** Web Mercator in unit coordinates (the world is [0,1]²), the projection every web map uses. */
export function mercX(lng: number): number {
  return (lng + 180) / 360;
}

export function mercY(lat: number): number {
  const clamped = Math.max(-85.05, Math.min(85.05, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

export interface Camera {
  /** Centre in unit coordinates. */
  cx: number;
  cy: number;
  /** Screen pixels per unit (the world's width in pixels). */
  scale: number;
}

/** The camera that shows the box with `pad` pixels of margin. */
export function fitCamera(minX: number, minY: number, maxX: number, maxY: number, width: number, height: number, pad = 32): Camera {
  const w = Math.max(maxX - minX, 1e-7);
  const h = Math.max(maxY - minY, 1e-7);
  const scale = Math.min((width - 2 * pad) / w, (height - 2 * pad) / h, 2 ** 22);
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, scale: Math.max(scale, 64) };
}
