import { errorText } from '../../../shared/util/error-text.ts';

/**
 * The one way the page talks to a worker: typed request/reply over
 * postMessage. A protocol is an interface of methods; the page calls
 * `client.call('method', ...args)`, the worker serves the same interface with
 * `serveWorker(handlers)`. A handler that throws (or rejects) becomes a
 * rejected call; a worker that dies rejects every pending call and is started
 * again on the next one. A call given an AbortSignal is cancelled when it
 * aborts: the page stops waiting at once (the call rejects with a
 * CancelledError, which callers ignore) and the worker is told, so a handler
 * that checks `callSignal()` between its steps stops instead of finishing work
 * nobody will read.
 */

/** A call given up by its caller: never a failure to show. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export const isCancelled = (err: unknown): boolean => err instanceof CancelledError;

/** Throws a CancelledError once `signal` aborted: a cancellable step's check between its reads and passes. */
export function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}

/** Methods a worker offers: arguments and result (plain or a promise) of each. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a method of any signature (Parameters<> needs `any` here)
export type Protocol<P> = { [M in keyof P]: (...args: any[]) => unknown };

/** A failure as it crosses threads (an Error does not clone with its subclass). */
export interface WireFailure {
  kind: string;
  message: string;
}

interface Request {
  id: number;
  method: string;
  args: unknown[];
}
/** The page gave up call `cancel` (sent only for calls made with a signal). */
interface Cancel {
  cancel: number;
}
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; failure: WireFailure };

export interface WorkerClient<P extends Protocol<P>> {
  call<M extends keyof P & string>(method: M, ...args: Parameters<P[M]>): Promise<Awaited<ReturnType<P[M]>>>;
  /** The same call, moving `transfer`'s buffers to the worker instead of copying them (the caller must not use them after). */
  callWithTransfer<M extends keyof P & string>(
    method: M,
    transfer: Transferable[],
    ...args: Parameters<P[M]>
  ): Promise<Awaited<ReturnType<P[M]>>>;
  /** The same call, cancelled when `signal` aborts (rejects with a CancelledError; the worker is told). */
  callWithSignal<M extends keyof P & string>(
    method: M,
    signal: AbortSignal | undefined,
    ...args: Parameters<P[M]>
  ): Promise<Awaited<ReturnType<P[M]>>>;
  /** Stops the worker; pending calls reject with `closed`. */
  dispose(): void;
}

export interface WorkerClientOptions {
  /** Starts the worker (called again after it died). */
  spawn: () => Worker;
  /** Names the worker in the message of a crash: "The <name> worker stopped: …". */
  name: string;
  /** The Error a failure becomes on this side; default: an Error with its message. */
  toError?: (failure: WireFailure) => Error;
}

export function createWorkerClient<P extends Protocol<P>>(options: WorkerClientOptions): WorkerClient<P> {
  const toError = options.toError ?? ((f: WireFailure) => new Error(f.message));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let worker: Worker | null = null;
  let nextId = 1;

  const failAll = (failure: WireFailure) => {
    for (const p of pending.values()) p.reject(toError(failure));
    pending.clear();
  };

  const ensure = (): Worker => {
    if (worker) return worker;
    const w = options.spawn();
    w.onmessage = (ev: MessageEvent<Reply>) => {
      const p = pending.get(ev.data.id);
      if (!p) return;
      pending.delete(ev.data.id);
      if (ev.data.ok) p.resolve(ev.data.result);
      else p.reject(toError(ev.data.failure));
    };
    w.onerror = (ev) => {
      w.terminate();
      if (worker === w) worker = null;
      failAll({
        kind: 'crashed',
        message: `The ${options.name} worker stopped: ${ev.message || 'it failed to start or threw outside a call'}`,
      });
    };
    worker = w;
    return w;
  };

  const send = <R>(method: string, args: unknown[], transfer: Transferable[], signal?: AbortSignal): Promise<R> => {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    const id = nextId++;
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        if (!pending.delete(id)) return;
        reject(new CancelledError());
        worker?.postMessage({ cancel: id } satisfies Cancel);
      };
      const settle =
        <T>(f: (v: T) => void) =>
        (v: T) => {
          signal?.removeEventListener('abort', onAbort);
          f(v);
        };
      pending.set(id, { resolve: settle(resolve as (v: unknown) => void), reject: settle(reject) });
      signal?.addEventListener('abort', onAbort, { once: true });
      ensure().postMessage({ id, method, args } satisfies Request, transfer);
    });
  };

  return {
    call: (method, ...args) => send(method, args, []),
    callWithTransfer: (method, transfer, ...args) => send(method, args, transfer),
    callWithSignal: (method, signal, ...args) => send(method, args, [], signal),
    dispose() {
      worker?.terminate();
      worker = null;
      failAll({ kind: 'closed', message: 'closed' });
    },
  };
}

export interface ServeOptions {
  /** A thrown value as the failure the page sees; default: kind 'error' and its message. */
  failure?: (err: unknown) => WireFailure;
  /** Buffers of a result to transfer instead of copying. */
  transfer?: (result: unknown) => Transferable[];
}

/** The signal of the call whose handler is starting; read it synchronously, first thing in the handler (`callSignal`). */
const NEVER_ABORTED = new AbortController().signal;
let starting: AbortSignal = NEVER_ABORTED;

/**
 * The signal of the call being served, aborted when the page cancels it. Only valid in a handler's synchronous
 * start: take it there and check it (stopIfCancelled) after each await.
 */
export function callSignal(): AbortSignal {
  return starting;
}

/** Serves `handlers` to the page, in the worker. Calls run as they arrive; async ones may overlap. */
export function serveWorker<P extends Protocol<P>>(handlers: P, options: ServeOptions = {}): void {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  const failure = options.failure ?? ((err: unknown) => ({ kind: 'error', message: errorText(err) }));
  const running = new Map<number, AbortController>();
  scope.onmessage = (ev: MessageEvent<Request | Cancel>) => {
    if ('cancel' in ev.data) {
      running.get(ev.data.cancel)?.abort();
      return;
    }
    const { id, method, args } = ev.data;
    const controller = new AbortController();
    running.set(id, controller);
    const reply = (r: Reply, transfer: Transferable[] = []) => {
      running.delete(id);
      scope.postMessage(r, transfer);
    };
    try {
      const handler = Object.prototype.hasOwnProperty.call(handlers, method)
        ? (handlers as Record<string, unknown>)[method]
        : undefined;
      if (typeof handler !== 'function') throw new Error(`Unknown worker method "${method}".`);
      starting = controller.signal;
      let started: unknown;
      try {
        started = (handler as (...a: unknown[]) => unknown)(...args);
      } finally {
        starting = NEVER_ABORTED;
      }
      Promise.resolve(started).then(
        (result) => {
          // A result that cannot be sent (its transfer list or a clone failing) still answers the call: never a call left pending.
          try {
            reply({ id, ok: true, result }, options.transfer?.(result) ?? []);
          } catch (err) {
            reply({ id, ok: false, failure: failure(err) });
          }
        },
        (err: unknown) => reply({ id, ok: false, failure: failure(err) }),
      );
    } catch (err) {
      reply({ id, ok: false, failure: failure(err) });
    }
  };
}
