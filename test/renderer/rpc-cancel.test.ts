/**
 * A call given up by its caller stops in the worker at its next check, and the calls after it still answer:
 * the real client (createWorkerClient) and the real serving side (serveWorker) joined by an in-thread fake of
 * postMessage, which delivers each message on a later task as a worker does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callSignal,
  createWorkerClient,
  isCancelled,
  serveWorker,
  stopIfCancelled,
  type WorkerClient,
} from '../../renderer/src/workers/rpc.ts';

interface DaysProtocol {
  /** Works through `days` days, a task each, counting them in `worked`; answers the days done. */
  work(label: string, days: number): Promise<number>;
}

const worked = new Map<string, number>();
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A worker pair in this thread: the page's side posts into the served scope and back. */
function joined(): WorkerClient<DaysProtocol> {
  const page = { onmessage: null as ((ev: { data: unknown }) => void) | null, onerror: null };
  const scope = {
    onmessage: null as ((ev: { data: unknown }) => void) | null,
    postMessage: (data: unknown) => setTimeout(() => page.onmessage?.({ data: structuredClone(data) }), 0),
  };
  const saved = (globalThis as { self?: unknown }).self;
  (globalThis as { self?: unknown }).self = scope;
  serveWorker<DaysProtocol>({
    async work(label, days) {
      const signal = callSignal();
      for (let d = 0; d < days; d++) {
        await tick();
        stopIfCancelled(signal);
        worked.set(label, (worked.get(label) ?? 0) + 1);
      }
      return days;
    },
  });
  (globalThis as { self?: unknown }).self = saved;
  return createWorkerClient<DaysProtocol>({
    name: 'days',
    spawn: () =>
      Object.assign(page, {
        postMessage: (data: unknown) => setTimeout(() => scope.onmessage?.({ data: structuredClone(data) }), 0),
        terminate: () => undefined,
      }) as unknown as Worker,
  });
}

afterEach(() => worked.clear());

describe('a cancellable worker call', () => {
  it('stops in the worker once cancelled, and the next call still answers', async () => {
    const client = joined();
    const left = new AbortController();
    const first = client.callWithSignal('work', left.signal, 'left', 1000);
    while ((worked.get('left') ?? 0) < 3) await tick();
    left.abort();
    await expect(first).rejects.toSatisfy(isCancelled);
    const doneAtCancel = worked.get('left')!;
    const next = await client.callWithSignal('work', new AbortController().signal, 'next', 5);
    expect(next).toBe(5);
    expect(worked.get('next')).toBe(5);
    // The cancel reached the worker within a day or two of work, far from the 1000 asked.
    for (let k = 0; k < 20; k++) await tick();
    expect(worked.get('left')!).toBeLessThanOrEqual(doneAtCancel + 2);
  });

  it('is never sent when its signal aborted before the call', async () => {
    const client = joined();
    const gone = new AbortController();
    gone.abort();
    await expect(client.callWithSignal('work', gone.signal, 'never', 3)).rejects.toSatisfy(isCancelled);
    for (let k = 0; k < 10; k++) await tick();
    expect(worked.has('never')).toBe(false);
  });

  it('answers as a plain call when its signal never aborts', async () => {
    const client = joined();
    expect(await client.callWithSignal('work', undefined, 'plain', 4)).toBe(4);
    expect(await client.call('work', 'plain', 2)).toBe(2);
    expect(worked.get('plain')).toBe(6);
  });
});
