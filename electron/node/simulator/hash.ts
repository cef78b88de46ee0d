/**
 * Deterministic hashing and pseudo-randomness. Everything the simulator
 * generates is a pure function of (seed, entity, time), so no global RNG state
 * exists: each decision draws from a generator seeded by what it is about.
 */

/** murmur3 finaliser: a cheap, well-mixed 32-bit avalanche. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines numbers into one 32-bit hash (order matters). */
export function hashInts(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    // Split doubles into two 32-bit halves so epoch milliseconds hash fully.
    const lo = p >>> 0;
    const hi = Math.floor(p / 4294967296) >>> 0;
    h = mix32(h ^ lo) + 0x7f4a7c15;
    h = mix32(h ^ hi);
  }
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, then mixed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** mulberry32: small, fast, good enough for synthetic data. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  static of(...parts: number[]): Rng {
    return new Rng(hashInts(...parts));
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hiInclusive: number): number {
    return lo + Math.floor(this.next() * (hiInclusive - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex32(n: number): string {
  return (
    (HEX[(n >>> 24) & 255] ?? '') + (HEX[(n >>> 16) & 255] ?? '') + (HEX[(n >>> 8) & 255] ?? '') + (HEX[n & 255] ?? '')
  );
}

/** An RFC 4122 version-4-shaped UUID built from four 32-bit words. */
export function uuidFromWords(a: number, b: number, c: number, d: number): string {
  const hb = hex32(b);
  const hc = hex32(((c & 0x3fffffff) | 0x80000000) >>> 0);
  return `${hex32(a)}-${hb.slice(0, 4)}-4${hb.slice(5, 8)}-${hc.slice(0, 4)}-${hc.slice(4)}${hex32(d)}`;
}

/** Deterministic UUID of any tuple of numbers. */
export function uuidOf(...parts: number[]): string {
  const h = hashInts(...parts);
  return uuidFromWords(mix32(h ^ 0x1111), mix32(h ^ 0x2222), mix32(h ^ 0x3333), mix32(h ^ 0x4444));
}
