/**
 * A worker module's global scope for tests that import it in-process: install `scope` as `self`
 * (vi.stubGlobal) before the import, then `call(method, ...args)` posts a request as rpc.ts does and resolves
 * with the worker's answer (rejects with its failure message).
 */
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; failure: { message: string } };

export function workerScope() {
  const pending = new Map<number, (r: Reply) => void>();
  const scope = {
    postMessage: (r: Reply) => pending.get(r.id)?.(r),
    onmessage: null as null | ((ev: unknown) => void),
  };
  let nextId = 1;
  function call<T>(method: string, ...args: unknown[]): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, (r) => (r.ok ? resolve(r.result as T) : reject(new Error(r.failure.message))));
      scope.onmessage!({ data: { id, method, args } });
    });
  }
  return { scope, call };
}
