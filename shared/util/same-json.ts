/**
 * Structural equality of JSON-like values (plain objects, arrays, numbers, strings, booleans, null): whether
 * two values would serialise alike. Stops at the first difference, so two different GeoJSON documents are
 * usually told apart within their first features; two equal ones cost one pass over their numbers.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && sameArrays(a, b);
  if (Array.isArray(b)) return false;
  return sameObjects(a as Record<string, unknown>, b as Record<string, unknown>);
}

function sameArrays(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
  return true;
}

function sameObjects(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.hasOwn(b, k) || !sameJson(a[k], b[k])) return false;
  return true;
}
