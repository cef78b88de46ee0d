import type { CarrierView, KeyEntry, KeysStatus } from '../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../shared/domain/key-test.ts';
import type { NewCarrier } from '../../../shared/ipc/contract.ts';
import { effectiveBaseUrl } from '../settings/index.ts';
import type { BackendContext } from './context.ts';
import { UserFacingError } from './failure.ts';
import { createKeyChecks, passedKeyTest, untestedKey, type KeyCheck } from './key-check.ts';
import { bindEntered, originForEntry } from './key-origins.ts';
import { refuseSecondCarrierOf } from './duplicate-carrier.ts';

/**
 * Entering a key: `save*` store it with the record of how it was entered (a
 * passed test, or none); `enter*` test it against the API first and store it
 * only when the test passed. A failed test stores nothing, not even the
 * record: the badge keeps saying what is true of the key still stored.
 */
export function createKeyEntry(ctx: BackendContext) {
  const { keychain, settings, remember } = ctx;
  const checks = createKeyChecks(ctx);

  async function saveProviderKey(key: string, baseUrl: string | null, test: KeyTest): Promise<KeysStatus> {
    const entered = remember(key.trim())!;
    const before = await settings.get();
    const origin = originForEntry(baseUrl ?? before.provider.baseUrl, 'the Provider Key');
    const previous = await keychain.getProviderKey().catch(() => null);
    // A different key is bound to nothing until it is stored: a crash in between never sends it to the old key's origins.
    if (previous !== entered) await settings.setProvider({ keyOrigins: [] });
    await keychain.setProviderKey(entered);
    await settings.setProvider({
      ...(baseUrl !== null ? { baseUrl } : {}),
      keyOrigins: bindEntered(previous, entered, before.provider.keyOrigins, origin),
    });
    await settings.setLastTest('provider', test);
    await ctx.offerCarryOver(origin);
    return ctx.keysStatus();
  }

  async function realCarrier(carrierId: string) {
    const c = await ctx.carrierOrThrow(carrierId);
    if (c.demo === true)
      throw new UserFacingError({ kind: 'bad-request', message: 'Demo carriers use built-in demo keys.' });
    return c;
  }

  async function saveCompanyKey(carrierId: string, key: string, test: KeyTest): Promise<CarrierView> {
    const c = await realCarrier(carrierId);
    const entered = remember(key.trim())!;
    const origin = originForEntry(effectiveBaseUrl(await settings.get(), carrierId), `the Company Key of "${c.label}"`);
    const previous = await keychain.getCompanyKey(carrierId).catch(() => null);
    if (previous !== entered) await settings.updateCarrier(carrierId, { keyOrigins: [] });
    await keychain.setCompanyKey(carrierId, entered);
    await settings.updateCarrier(carrierId, { keyOrigins: bindEntered(previous, entered, c.keyOrigins, origin) });
    await settings.setLastTest({ carrierId }, test);
    return ctx.view(await ctx.carrierOrThrow(carrierId));
  }

  async function addCarrier(input: NewCarrier, test: KeyTest): Promise<CarrierView> {
    const { label, companyKey, baseUrl, homeZone } = input;
    remember(companyKey.trim());
    const origin = originForEntry(baseUrl ?? (await settings.get()).provider.baseUrl, 'a Company Key');
    // Key first: a carrier is never saved whose key the keychain refused.
    const c = await settings.addCarrier({
      label: label.trim(),
      ...(baseUrl !== null ? { baseUrl } : {}),
      keyOrigins: [origin],
      ...(homeZone !== undefined ? { homeZone } : {}),
    });
    try {
      await keychain.setCompanyKey(c.id, companyKey.trim());
    } catch (err) {
      await settings.removeCarrier(c.id);
      throw err;
    }
    await settings.setLastTest({ carrierId: c.id }, test);
    await ctx.offerCarryOver(origin);
    return ctx.view(await ctx.carrierOrThrow(c.id));
  }

  /** Saves after a passed test; the profile the test fetched is kept with the carrier (exports need it). */
  async function afterCheck<T>(
    check: KeyCheck,
    save: (test: KeyTest) => Promise<T>,
    carrierIdOf?: (saved: T) => string,
  ): Promise<KeyEntry<T>> {
    if (!check.ok) return { saved: false, failure: check.failure, test: check.test };
    const value = await save(passedKeyTest(ctx.now()));
    if (check.company && carrierIdOf)
      await ctx.rememberCompany(carrierIdOf(value), check.company).catch(() => undefined);
    return { saved: true, value };
  }

  const viewAgain = async (v: CarrierView) => ctx.view(await ctx.carrierOrThrow(v.id));

  return {
    /** Without a test ("Save anyway", or entering keys offline): recorded as such. */
    saveProviderKey: (key: string, baseUrl: string | null) => saveProviderKey(key, baseUrl, untestedKey(ctx.now())),
    saveCompanyKey: (carrierId: string, key: string) => saveCompanyKey(carrierId, key, untestedKey(ctx.now())),
    addCarrier: (input: NewCarrier) => addCarrier(input, untestedKey(ctx.now())),

    enterProviderKey: async (key: string, baseUrl: string | null): Promise<KeyEntry<KeysStatus>> => {
      const url = baseUrl ?? (await settings.get()).provider.baseUrl;
      originForEntry(url, 'the Provider Key');
      const check = await checks.testProviderKey(url!, remember(key.trim())!);
      return afterCheck(check, (test) => saveProviderKey(key, baseUrl, test));
    },
    enterCompanyKey: async (carrierId: string, key: string): Promise<KeyEntry<CarrierView>> => {
      const c = await realCarrier(carrierId);
      const url = effectiveBaseUrl(await settings.get(), carrierId);
      originForEntry(url, `the Company Key of "${c.label}"`);
      const check = await checks.testCompanyKey(url!, remember(key.trim())!);
      if (check.ok) refuseSecondCarrierOf(check.company, (await settings.get()).carriers, carrierId);
      const entry = await afterCheck(
        check,
        (test) => saveCompanyKey(carrierId, key, test),
        (v) => v.id,
      );
      return entry.saved ? { saved: true, value: await viewAgain(entry.value) } : entry;
    },
    enterCarrier: async (input: NewCarrier): Promise<KeyEntry<CarrierView>> => {
      const url = input.baseUrl ?? (await settings.get()).provider.baseUrl;
      originForEntry(url, 'a Company Key');
      const check = await checks.testCompanyKey(url!, remember(input.companyKey.trim())!);
      if (check.ok) refuseSecondCarrierOf(check.company, (await settings.get()).carriers);
      const entry = await afterCheck(
        check,
        (test) => addCarrier(input, test),
        (v) => v.id,
      );
      return entry.saved ? { saved: true, value: await viewAgain(entry.value) } : entry;
    },
  };
}
