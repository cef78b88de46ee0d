/** `fn` run once to warm up (the first call includes JIT compilation), then `runs` times: each run's ms and the last value. */
export function timed<T>(fn: () => T, runs: number): { ms: number[]; value: T } {
  let value = fn();
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    value = fn();
    ms.push(performance.now() - t0);
  }
  return { ms, value };
}
