import { bearingDeg, compass16, haversineMi } from './geo.ts';
import { usPlaces, type UsPlace } from './us-cities.ts';

/** Grid cell size in degrees (~17 mi): few places per cell, and a 5x5 neighbourhood almost always holds one. */
const CELL_DEG = 0.25;

interface Grid {
  cells: Map<number, UsPlace[]>;
}

let grid: Grid | null = null;

function cellKey(ix: number, iy: number): number {
  return (iy + 1000) * 4000 + (ix + 2000);
}

function buildGrid(): Grid {
  const cells = new Map<number, UsPlace[]>();
  for (const p of usPlaces()) {
    const key = cellKey(Math.floor(p.lng / CELL_DEG), Math.floor(p.lat / CELL_DEG));
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  return { cells };
}

/**
 * The places the ring search examines from cell (ix, iy), in the order it
 * examines them. Which rings it visits depends only on which cells hold
 * places (it stops one ring after the first ring with a hit), never on where
 * in the cell the point lies, so one list per cell serves every point in it.
 */
function candidatesOf(ix: number, iy: number, cells: Map<number, UsPlace[]>): UsPlace[] {
  const out: UsPlace[] = [];
  let foundAtRing = -1;
  for (let r = 0; r <= 24; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const list = cells.get(cellKey(ix + dx, iy + dy));
        if (list) out.push(...list);
      }
    }
    // One extra ring after the first hit: a place in the next ring can still be nearer.
    if (out.length > 0 && foundAtRing < 0) foundAtRing = r;
    if (out.length > 0 && r >= foundAtRing + 1) break;
  }
  return out;
}

/** Candidate lists per cell: the ring search walks up to 49x49 cells, and trucks stay in few cells. */
const candidatesByCell = new Map<number, UsPlace[]>();

/** Nearest US place: searches growing rings of cells until a hit is certain to be nearest. */
export function nearestPlace(lat: number, lng: number): { place: UsPlace; distMi: number } | null {
  grid ??= buildGrid();
  const ix = Math.floor(lng / CELL_DEG);
  const iy = Math.floor(lat / CELL_DEG);
  const key = cellKey(ix, iy);
  let candidates = candidatesByCell.get(key);
  if (!candidates) {
    candidates = candidatesOf(ix, iy, grid.cells);
    candidatesByCell.set(key, candidates);
  }
  let best: UsPlace | null = null;
  let bestD2 = Infinity;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (const p of candidates) {
    const ex = (p.lng - lng) * cosLat;
    const ey = p.lat - lat;
    const d2 = ex * ex + ey * ey;
    if (d2 < bestD2) {
      bestD2 = d2;
      best = p;
    }
  }
  if (!best) return null;
  return { place: best, distMi: haversineMi(lat, lng, best.lat, best.lng) };
}

/** "4 mi NE of Amarillo, TX", or "in Amarillo, TX" within a mile. */
export function describeLocation(lat: number, lng: number): string {
  const hit = nearestPlace(lat, lng);
  if (!hit) return `${lat.toFixed(3)}, ${lng.toFixed(3)}`;
  const { place, distMi } = hit;
  // Names like "Washington, D.C." carry their own comma; the state code says it already.
  const label = `${place.name.split(',')[0]!}, ${place.state}`;
  if (distMi < 1) return `in ${label}`;
  // The direction is where the point lies as seen from the place.
  const dir = compass16(bearingDeg(place.lat, place.lng, lat, lng));
  return `${Math.round(distMi)} mi ${dir} of ${label}`;
}
