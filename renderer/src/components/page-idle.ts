/**
 * Runs `fn` once the page is idle (requestIdleCallback, within 500 ms), or after a macrotask where the engine has
 * no idle callback (not every engine MapLibre targets does). Returns what cancels it if it has not run.
 */
export function afterPageIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
}
