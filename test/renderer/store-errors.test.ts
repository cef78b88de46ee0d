import { describe, expect, it } from 'vitest';
import { isQuotaError, QUOTA_MESSAGE, toStoreFailure } from '../../renderer/src/store/errors.ts';

/** Error shapes as measured in Chromium on a real full disk (test/e2e/quota.spec.ts), rebuilt as plain objects. */
const dexieAbort = (extra: Record<string, unknown>) =>
  Object.assign(
    new Error('The transaction was aborted, so the request cannot be fulfilled.'),
    {
      name: 'AbortError',
      inner: { name: 'AbortError', message: 'The transaction was aborted, so the request cannot be fulfilled.' },
    },
    extra,
  );

describe('store failure classification', () => {
  it('reads a LevelDB "no space" IO error on the transaction (attached as cause) as quota', () => {
    const err = dexieAbort({
      cause: {
        name: 'UnknownError',
        message:
          'Connection is closing because of: IO error: …/000018.ldb: FILE_ERROR_NO_SPACE (ChromeMethodBFE: 3::WritableFileAppend::8)',
      },
    });
    expect(isQuotaError(err)).toBe(true);
    expect(toStoreFailure(err)).toEqual({ kind: 'quota', message: QUOTA_MESSAGE });
  });

  it("reads a disk-full commit (QuotaExceededError inside Dexie's AbortError) as quota", () => {
    const err = Object.assign(new Error('QuotaExceededError Encountered disk full while committing transaction.'), {
      name: 'AbortError',
      inner: { name: 'QuotaExceededError', message: 'Encountered disk full while committing transaction.' },
    });
    expect(toStoreFailure(err).kind).toBe('quota');
  });

  it('keeps any other abort a store failure, with its own message', () => {
    const err = dexieAbort({ cause: { name: 'UnknownError', message: 'Internal error opening backing store' } });
    expect(isQuotaError(err)).toBe(false);
    const f = toStoreFailure(err);
    expect(f.kind).toBe('store');
    expect(f.message).toContain('The transaction was aborted');
  });
});
