import type { Failure } from '../../../shared/domain/carrier.ts';
import { ApiError, isAbortError } from '../api/errors.ts';
import { redact } from '../api/redact.ts';
import { KeychainError } from '../keychain/errors.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/** Thrown by handlers for conditions the user can fix; the message is shown as is. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/**
 * Maps anything thrown by the services to a Failure a user can act on. The
 * message passes through `redact` once more with every key we know, so a key
 * can never travel to the renderer even if a lower layer forgot.
 */
export function toFailure(err: unknown, secrets: readonly (string | undefined)[]): Failure {
  const clean = (m: string) => redact(m, secrets);
  if (err instanceof UserFacingError) return { kind: err.failure.kind, message: clean(err.failure.message) };
  if (isAbortError(err)) return { kind: 'cancelled', message: 'The download was cancelled.' };
  if (err instanceof ApiError) {
    const kind = (
      {
        'provider-key-invalid': 'provider-key',
        'company-key-invalid': 'company-key',
        network: 'unreachable',
        'rate-limited': 'rate-limited',
        server: 'server',
        request: 'bad-request',
        'not-found': 'not-found',
        'invalid-response': 'invalid-response',
        aborted: 'cancelled',
      } as const
    )[err.kind];
    return { kind, message: clean(err.message) };
  }
  if (err instanceof KeychainError) return { kind: 'keychain', message: clean(err.message) };
  return { kind: 'other', message: clean(errorText(err)) };
}
