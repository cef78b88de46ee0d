/**
 * Web Mercator and Douglas–Peucker (shared/map/simplify.ts) against references
 * written here from the textbook definitions: x = (λ + 180°) / 360°,
 * y = (1 − ln tan(π/4 + φ/2) / π) / 2, and a plain recursive Douglas–Peucker
 * keeping the farthest point from the chord segment when it is strictly over
 * the tolerance. Small hand-placed point sets pin the segment (not line)
 * distance, a closed loop (chord of length zero) and the tie at the tolerance.
 */
import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY, simplifyBetween, toleranceAtZoom } from '../../shared/map/simplify.ts';

const refX = (lng: number) => (lng * Math.PI) / 180 / (2 * Math.PI) + 0.5;
const refY = (lat: number) => 0.5 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI);

/** Distance from p to segment ab, by cases (before a, past b, in between) rather than a clamped parameter. */
function segDist(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const [dx, dy] = [bx - ax, by - ay];
  if (dx === 0 && dy === 0) return Math.hypot(px - ax, py - ay);
  const dot = (px - ax) * dx + (py - ay) * dy;
  if (dot <= 0) return Math.hypot(px - ax, py - ay);
  const len2 = dx * dx + dy * dy;
  if (dot >= len2) return Math.hypot(px - bx, py - by);
  return Math.abs((px - ax) * dy - (py - ay) * dx) / Math.sqrt(len2);
}

/** Recursive Douglas–Peucker: indices kept strictly between a and b. */
function refDP(x: number[], y: number[], a: number, b: number, tol: number, out: Set<number>): void {
  let worst = -1;
  let worstD = tol;
  for (let i = a + 1; i < b; i++) {
    const d = segDist(x[i]!, y[i]!, x[a]!, y[a]!, x[b]!, y[b]!);
    if (d > worstD) [worst, worstD] = [i, d];
  }
  if (worst < 0) return;
  out.add(worst);
  refDP(x, y, a, worst, tol, out);
  refDP(x, y, worst, b, tol, out);
}

function run(x: number[], y: number[], tol2: number): number[] {
  const keep = new Uint8Array(x.length);
  keep[0] = 1;
  keep[x.length - 1] = 1;
  simplifyBetween(Float64Array.from(x), Float64Array.from(y), 0, x.length - 1, tol2, keep);
  return [...keep.keys()].filter((i) => keep[i] === 1);
}

describe('Web Mercator projection', () => {
  it('matches x = λ/2π + ½ and y = ½ − ln tan(π/4 + φ/2)/2π', () => {
    for (const lng of [-180, -122.4, -0.5, 0, 13.4, 90, 179.99]) expect(mercatorX(lng)).toBeCloseTo(refX(lng), 14);
    for (const lat of [-85, -33.9, -1, 0, 0.5, 40.7, 60, 85]) expect(mercatorY(lat)).toBeCloseTo(refY(lat), 14);
  });

  it('puts (0, 0) at the world centre, the north up (smaller y) and the east right', () => {
    expect(mercatorX(0)).toBe(0.5);
    expect(mercatorY(0)).toBeCloseTo(0.5, 15);
    expect(mercatorX(90)).toBe(0.75);
    expect(mercatorY(45)).toBeLessThan(0.5);
    expect(mercatorY(45)).toBeCloseTo(refY(45), 14);
  });

  it('clamps at the square world edge (±85.0511°)', () => {
    expect(mercatorY(89.9)).toBeCloseTo(refY(85.0511), 14);
    expect(mercatorY(-89.9)).toBeCloseTo(refY(-85.0511), 14);
    expect(mercatorY(85.0511)).toBeCloseTo(0, 4);
  });

  it('half a pixel at zoom z is 1 / (1024 · 2^z) of the world', () => {
    expect(toleranceAtZoom(0)).toBe(1 / 1024);
    expect(toleranceAtZoom(8)).toBe(1 / (1024 * 256));
  });
});

describe('Douglas–Peucker between two kept points', () => {
  it('measures to the segment, not the line: a point behind the start or past the end is kept', () => {
    expect(run([0, -1, 1], [0, 0, 0], 0.01)).toEqual([0, 1, 2]);
    expect(run([0, 2, 1], [0, 0, 0], 0.01)).toEqual([0, 1, 2]);
    expect(run([0, 0.5, 1], [0, 0, 0], 0)).toEqual([0, 2]);
  });

  it('a closed loop (start and end the same point) keeps its far point', () => {
    expect(run([0.3, 0.4, 0.3], [0.3, 0.3, 0.3], 0.0001)).toEqual([0, 1, 2]);
  });

  it('a point exactly at the tolerance is dropped; just over it, kept', () => {
    // Distance 0.25 from the chord (0,0)–(1,0), squared exactly 0.0625.
    expect(run([0, 0.5, 1], [0, 0.25, 0], 0.0625)).toEqual([0, 2]);
    expect(run([0, 0.5, 1], [0, 0.25, 0], 0.0624)).toEqual([0, 1, 2]);
  });

  it('of two points equally far from the chord, the first is the one kept', () => {
    // Both 0.25 from (0,0)–(1,0); whichever is kept first leaves the other under the tolerance.
    expect(run([0, 0.5, 0.55, 1], [0, 0.25, 0.25, 0], 0.001)).toEqual([0, 1, 3]);
  });

  it('keeps what the recursive reference keeps on a wiggling track, at several tolerances', () => {
    const n = 400;
    const lng = Array.from({ length: n }, (_, i) => -100 + i * 0.002 + 0.003 * Math.sin(i / 7));
    const lat = Array.from({ length: n }, (_, i) => 40 + i * 0.001 + 0.002 * Math.cos(i / 11) * Math.sin(i / 3));
    const x = lng.map(refX);
    const y = lat.map(refY);
    for (const z of [5, 8, 11, 14]) {
      const tol = 0.5 / (512 * 2 ** z);
      const ref = new Set([0, n - 1]);
      refDP(x, y, 0, n - 1, tol, ref);
      const got = run(lng.map(mercatorX), lat.map(mercatorY), tol * tol);
      expect(got, `z${z}`).toEqual([...ref].sort((a, b) => a - b));
      if (z >= 11) expect(got.length).toBeGreaterThan(10);
    }
  });
});
