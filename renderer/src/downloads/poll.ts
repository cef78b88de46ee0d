import type { DownloadPoll } from '../../../shared/ipc/contract.ts';

/** A thrown poll or start as the vehicle's failure (the bridge's sentence, prefixed). */
export function failureOf(err: unknown): { kind: 'cancelled' | 'unreachable'; message: string } {
  const e = err as { kind?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return { kind: e?.kind === 'cancelled' ? 'cancelled' : 'unreachable', message: `The download stopped: ${message}` };
}

/**
 * A poll is idempotent (the same ackSeq returns the same events), so a
 * transient network failure of the bridge — e.g. a keep-alive socket the
 * server closed just as the browser reused it, which fetch reports as
 * "Failed to fetch" and never retries for a POST — is retried a few times
 * before the download is declared stopped.
 */
export async function pollWithRetry(
  poll: () => Promise<DownloadPoll>,
  sleep: (ms: number) => Promise<void>,
  attempts = 4,
): Promise<DownloadPoll> {
  for (let i = 0; ; i++) {
    try {
      return await poll();
    } catch (err) {
      if (!(err instanceof TypeError) || i + 1 >= attempts) throw err;
      await sleep(250 * 2 ** i);
    }
  }
}
