/**
 * Keys are sent only to the API origin they were entered for (the backend
 * enforces it). These helpers let a screen say so before a request fails.
 */
export function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origin `url` points at when a key set for `origins` would not be sent there; null when it would (or there is no address). */
export function unboundOrigin(origins: readonly string[], url: string | null): string | null {
  const origin = originOf(url);
  return origin !== null && !origins.includes(origin) ? origin : null;
}
