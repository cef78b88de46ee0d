import { createApiClient, type ApiClient } from '../api/index.ts';
import { createRateLimiter } from '../api/rate-limiter.ts';
import { stringFlag, UsageError, type ParsedArgs } from './args.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Connection settings: the base URL from --base-url or ROUTELENS_BASE_URL;
 * the keys from the environment only (ROUTELENS_PROVIDER_KEY,
 * ROUTELENS_COMPANY_KEY), never from flags, which other users of the machine
 * can read in the process list.
 */
export function clientFromArgs(args: ParsedArgs, env: Env, opts: { ratePerSec?: number } = {}): ApiClient {
  const baseUrl = baseUrlFromArgs(args, env);
  const providerKey = env['ROUTELENS_PROVIDER_KEY']?.trim();
  if (!providerKey) throw new UsageError('No Provider Key: set ROUTELENS_PROVIDER_KEY.');
  const companyKey = env['ROUTELENS_COMPANY_KEY']?.trim();
  if (!companyKey) throw new UsageError('No Company Key: set ROUTELENS_COMPANY_KEY.');
  return createApiClient({
    baseUrl,
    providerKey,
    companyKey,
    ...(opts.ratePerSec !== undefined
      ? {
          limiter: createRateLimiter({
            ratePerSec: opts.ratePerSec,
            burst: Math.max(1, Math.ceil(opts.ratePerSec * 2)),
          }),
        }
      : {}),
  });
}

/** The API address from --base-url or ROUTELENS_BASE_URL, without trailing slashes. */
export function baseUrlFromArgs(args: ParsedArgs, env: Env): string {
  const baseUrl = stringFlag(args, 'base-url') ?? env['ROUTELENS_BASE_URL'];
  if (!baseUrl) throw new UsageError('No API address: pass --base-url URL or set ROUTELENS_BASE_URL.');
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new UsageError(`"${baseUrl}" is not an http(s) URL.`);
  return baseUrl.replace(/\/+$/, '');
}
