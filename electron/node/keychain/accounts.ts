/** Keychain account names: one entry per key under a single service name. */
import { validateCarrierId } from './validate.ts';

export const DEFAULT_SERVICE = 'RouteLens';
export const SERVICE_ENV = 'ROUTELENS_KEYCHAIN_SERVICE';
export const PROVIDER_ACCOUNT = 'provider-key';
const COMPANY_PREFIX = 'company-key:';

export function companyAccount(carrierId: string): string {
  return COMPANY_PREFIX + validateCarrierId(carrierId);
}

/** Lets e2e runs of the real app use a throwaway service instead of the user's entries. */
export function resolveService(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const fromEnv = env[SERVICE_ENV]?.trim();
  return fromEnv ? fromEnv : DEFAULT_SERVICE;
}
