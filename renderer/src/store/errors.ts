import { errorText } from '../../../shared/util/error-text.ts';
/** A store failure as the UI shows it. 'quota': the disk or the browser's storage quota is full. */
export interface StoreFailure {
  kind: 'quota' | 'store';
  message: string;
}

export const QUOTA_MESSAGE =
  'Not enough storage space: the disk or the browser storage quota is full. Free some space (Storage screen: delete vehicles or days, or free disk space) and resume the download: it fetches again every day that is not stored.';

/**
 * A full disk or quota, however it arrives: QuotaExceededError bare or nested
 * (`inner` of Dexie's AbortError, or the transaction's own error attached as
 * `cause` by store/writes.ts), or — as measured on a real full disk in
 * Chromium — the transaction's UnknownError "IO error: …FILE_ERROR_NO_SPACE"
 * from the LevelDB backing store.
 */
export function isQuotaError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { name?: unknown; message?: unknown; inner?: unknown; cause?: unknown };
  if (e.name === 'QuotaExceededError') return true;
  if (
    typeof e.message === 'string' &&
    /QuotaExceeded|quota|FILE_ERROR_NO_SPACE|disk full|no space left/i.test(e.message)
  )
    return true;
  return isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1);
}

export function toStoreFailure(err: unknown): StoreFailure {
  if (isQuotaError(err)) return { kind: 'quota', message: QUOTA_MESSAGE };
  const message = errorText(err);
  return { kind: 'store', message: `Could not write to the local store: ${message}` };
}

export class StoreError extends Error {
  override name = 'StoreError';
  constructor(readonly failure: StoreFailure) {
    super(failure.message);
  }
}
