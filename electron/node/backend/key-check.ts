import type { WireCompany } from '../../../shared/api/wire.ts';
import type { Failure } from '../../../shared/domain/carrier.ts';
import type { KeyTest, KeyTestReason } from '../../../shared/domain/key-test.ts';
import { createApiClient } from '../api/index.ts';
import { ApiError, CompanyKeyInvalidError, NetworkError } from '../api/errors.ts';
import { apiOriginOf, effectiveBaseUrl } from '../settings/index.ts';
import type { BackendContext } from './context.ts';
import { UserFacingError } from './failure.ts';

/**
 * Keys are tested against the API before they are saved (issue 15): a test
 * is one GET company-info with both keys, a person waiting on it. Its record
 * holds a reason code and an HTTP status, never the key nor text the server
 * or the network sent.
 */

/** Tried once more at most, and given up sooner than a download would: someone is watching the button. */
export const KEY_CHECK_DEFAULTS = Object.freeze({ maxRetries: 1, firstByteTimeoutMs: 15_000, deadlineMs: 45_000 });

/**
 * Sent as the Company Key when a Provider Key is tested and no carrier's key
 * at that address is stored: the API then answers that the Company Key is not
 * valid only once it has accepted the Provider Key. Not a secret.
 */
export const PROVIDER_CHECK_COMPANY_KEY = 'routelens-provider-key-check';

export type KeyCheck = { ok: true; company: WireCompany | null } | { ok: false; failure: Failure; test: KeyTest };

function reasonOf(err: unknown): { reason: KeyTestReason; status: number | null } {
  if (err instanceof NetworkError) return { reason: err.reason === 'other' ? 'network' : err.reason, status: null };
  if (err instanceof ApiError) {
    const status = err.status !== undefined && err.status >= 100 && err.status <= 599 ? err.status : null;
    const reason = (
      {
        'provider-key-invalid': 'provider-key',
        'company-key-invalid': 'company-key',
        'rate-limited': 'rate-limited',
        server: 'server',
        'invalid-response': 'invalid-response',
      } as Partial<Record<string, KeyTestReason>>
    )[err.kind];
    return { reason: reason ?? 'other', status };
  }
  if (err instanceof UserFacingError && err.failure.kind === 'missing-key')
    return { reason: 'missing-key', status: null };
  return { reason: 'other', status: null };
}

/** The record of a test that failed with `err`. */
export function failedKeyTest(err: unknown, atMs: number): KeyTest {
  return { result: 'failed', ...reasonOf(err), at: new Date(atMs).toISOString() };
}

export function passedKeyTest(atMs: number): KeyTest {
  return { result: 'ok', reason: 'ok', status: null, at: new Date(atMs).toISOString() };
}

export function untestedKey(atMs: number): KeyTest {
  return { result: 'untested', reason: 'untested', status: null, at: new Date(atMs).toISOString() };
}

export function createKeyChecks(ctx: BackendContext) {
  const { keychain, settings, remember } = ctx;
  const tuning = { ...KEY_CHECK_DEFAULTS, ...ctx.opts.keyCheck };
  const failed = (err: unknown): KeyCheck => ({
    ok: false,
    failure: ctx.failure(err),
    test: failedKeyTest(err, ctx.now()),
  });
  const cannotTest = (message: string) => failed(new UserFacingError({ kind: 'missing-key', message }));

  async function companyInfo(baseUrl: string, providerKey: string, companyKey: string): Promise<WireCompany> {
    return createApiClient({ baseUrl, providerKey, companyKey, ...tuning }).companyInfo();
  }

  /** A Company Key about to be entered for `baseUrl`, tested with the stored Provider Key. */
  async function testCompanyKey(baseUrl: string, companyKey: string): Promise<KeyCheck> {
    const origin = apiOriginOf(baseUrl);
    const providerKey = remember(await keychain.getProviderKey());
    if (!providerKey)
      return cannotTest(
        'No Provider Key is set, so this Company Key cannot be tested: add the Provider Key in Settings first, or save this key without a test.',
      );
    if (!(await settings.get()).provider.keyOrigins.includes(origin))
      return cannotTest(
        `The Provider Key was not entered for ${origin}, so this Company Key cannot be tested there: enter the Provider Key again in Settings with that address, or save this key without a test.`,
      );
    try {
      return { ok: true, company: await companyInfo(baseUrl, providerKey, companyKey) };
    } catch (err) {
      return failed(err);
    }
  }

  /**
   * A Provider Key about to be entered for `baseUrl`: tested with the stored
   * Company Key of a carrier at that address if there is one, else with the
   * placeholder. An answer that rejects only the Company Key accepted the
   * Provider Key.
   */
  async function testProviderKey(baseUrl: string, providerKey: string): Promise<KeyCheck> {
    const origin = apiOriginOf(baseUrl);
    const s = await settings.get();
    const peer = s.carriers.find((c) => {
      const url = c.demo === true ? null : effectiveBaseUrl(s, c.id);
      return url !== null && apiOriginOf(url) === origin && (c.keyOrigins ?? []).includes(origin);
    });
    const companyKey = peer ? remember(await keychain.getCompanyKey(peer.id).catch(() => null)) : null;
    try {
      const company = await companyInfo(baseUrl, providerKey, companyKey ?? PROVIDER_CHECK_COMPANY_KEY);
      return { ok: true, company: companyKey ? company : null };
    } catch (err) {
      return err instanceof CompanyKeyInvalidError ? { ok: true, company: null } : failed(err);
    }
  }

  return { testCompanyKey, testProviderKey };
}
