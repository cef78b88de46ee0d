import path from 'node:path';
import type { WireCompany } from '../../../shared/api/wire.ts';
import type { CarrierView, KeysStatus } from '../../../shared/domain/carrier.ts';
import { systemZone } from '../../../shared/time/local-day.ts';
import { createApiClient, type ApiClient } from '../api/index.ts';
import { createRoadLimitsStore } from '../roads/app-store.ts';
import { unavailableWords, type Keychain } from '../keychain/index.ts';
import { apiOriginOf, effectiveBaseUrl, type Carrier, type SettingsStore } from '../settings/index.ts';
import { createDemoService } from './demo.ts';
import { toFailure, UserFacingError } from './failure.ts';
import { checkKeysMayGo, withOrigin } from './key-origins.ts';
import type { BackendOptions } from './options.ts';

/** How long a stored company profile spares a download session the company-info request. */
export const COMPANY_REFRESH_MS = 60 * 60_000;

/** What the handler modules share: the stores, the clock, the demo simulator and the carrier helpers. */
export type BackendContext = ReturnType<typeof createBackendContext>;

export function createBackendContext(opts: BackendOptions) {
  const { keychain, settings } = opts;
  const now = opts.now ?? opts.demo?.now ?? Date.now;
  const demo = createDemoService(opts.demo);
  // One store of the kept road limits: the roads:* handlers change it, audit bundles judge with it.
  const roads = createRoadLimitsStore({ dataDir: path.dirname(settings.file), now });
  // Keys seen in this process, so every outgoing message can be scrubbed of them.
  const knownSecrets = new Set<string>();
  const remember = (k: string | null | undefined) => {
    if (k) knownSecrets.add(k);
    return k;
  };
  const failure = (err: unknown) => toFailure(err, [...knownSecrets]);

  async function carrierOrThrow(id: string): Promise<Carrier> {
    const c = (await settings.get()).carriers.find((x) => x.id === id);
    if (!c) throw new UserFacingError({ kind: 'not-found', message: `No carrier with id "${id}" is configured.` });
    return c;
  }

  const rememberCompany = (carrierId: string, company: WireCompany) =>
    settings.setCarrierCompany(carrierId, {
      name: company.company_name,
      dotNumber: company.dot_number,
      fetchedAtMs: now(),
    });

  /*
   * Every download session passes here before its first day is handed over,
   * so no carrier has stored breadcrumbs without a stored profile (exports
   * made offline need its DOT number). A job of many vehicles starts many
   * sessions at once: they share one request, and a profile younger than
   * COMPANY_REFRESH_MS is not asked for again (spec 8.2: no needless calls).
   */
  const companyFetches = new Map<string, Promise<void>>();
  function ensureCompany(carrierId: string, client: ApiClient): Promise<void> {
    const pending = companyFetches.get(carrierId);
    if (pending) return pending;
    const run = (async () => {
      const c = await carrierOrThrow(carrierId);
      const age = c.company ? now() - Date.parse(c.company.fetchedAt) : Infinity;
      if (age >= 0 && age < COMPANY_REFRESH_MS) return;
      await rememberCompany(carrierId, await client.companyInfo());
    })().finally(() => companyFetches.delete(carrierId));
    companyFetches.set(carrierId, run);
    return run;
  }

  async function clientFor(carrierId: string, tuning: { maxRetries?: number } = {}): Promise<ApiClient> {
    const c = await carrierOrThrow(carrierId);
    if (c.demo === true) {
      const conn = await demo.connection(carrierId);
      if (!conn)
        throw new UserFacingError({
          kind: 'not-found',
          message: `The demo carrier "${c.label}" no longer exists in the built-in simulator.`,
        });
      return createApiClient({ ...conn, ...tuning });
    }
    const current = await settings.get();
    const baseUrl = effectiveBaseUrl(current, carrierId);
    if (!baseUrl)
      throw new UserFacingError({
        kind: 'missing-key',
        message: 'Set the API base URL in Settings (with the Provider Key) or on this carrier.',
      });
    const providerKey = remember(await keychain.getProviderKey());
    if (!providerKey)
      throw new UserFacingError({ kind: 'missing-key', message: 'No Provider Key is set; add it in Settings.' });
    const companyKey = remember(await keychain.getCompanyKey(carrierId));
    if (!companyKey)
      throw new UserFacingError({
        kind: 'missing-key',
        message: `No Company Key is set for "${c.label}"; add it on the carrier.`,
      });
    checkKeysMayGo(current, c, baseUrl);
    return createApiClient({ baseUrl, providerKey, companyKey, ...tuning });
  }

  /**
   * Desktop app only: when keys entered for other origins would now go to
   * `origin`, the user may confirm sending them there too. Without a dialog
   * (the browser shell) nothing is carried over.
   */
  async function offerCarryOver(origin: string): Promise<void> {
    if (!opts.confirmKeyCarryOver) return;
    const s = await settings.get();
    const goesTo = (c: Carrier) => {
      const url = effectiveBaseUrl(s, c.id);
      return url !== null && apiOriginOf(url) === origin;
    };
    const carriers = s.carriers.filter((c) => c.demo !== true && goesTo(c));
    const provider = carriers.length > 0 && s.provider.keyOrigins.length > 0 && !s.provider.keyOrigins.includes(origin);
    const companies = carriers.filter((c) => (c.keyOrigins ?? []).length > 0 && !(c.keyOrigins ?? []).includes(origin));
    if (!provider && companies.length === 0) return;
    const keys = [
      ...(provider ? ['the Provider Key'] : []),
      ...companies.map((c) => `the Company Key of "${c.label}"`),
    ];
    if (!(await opts.confirmKeyCarryOver({ origin, keys }))) return;
    if (provider) await settings.setProvider({ keyOrigins: withOrigin(s.provider.keyOrigins, origin) });
    for (const c of companies) await settings.updateCarrier(c.id, { keyOrigins: withOrigin(c.keyOrigins, origin) });
  }

  return {
    opts,
    keychain,
    settings,
    now,
    demo,
    roads,
    remember,
    failure,
    carrierOrThrow,
    view: (c: Carrier) => carrierView(keychain, c),
    rememberCompany,
    ensureCompany,
    clientFor,
    offerCarryOver,
    keysStatus: () => keysStatus(keychain, settings),
  };
}

/** A carrier as the renderer sees it (a copy: the store's objects stay its own). */
async function carrierView(keychain: Keychain, c: Carrier): Promise<CarrierView> {
  const hasCompanyKey = c.demo === true ? true : await keychain.hasCompanyKey(c.id).catch(() => false);
  const company = c.company
    ? { name: c.company.name, dotNumber: c.company.dotNumber, fetchedAt: c.company.fetchedAt }
    : null;
  return {
    id: c.id,
    label: c.label,
    baseUrl: c.baseUrl ?? null,
    demo: c.demo === true,
    hasCompanyKey,
    createdAt: c.createdAt,
    company,
    companyKeyOrigins: [...(c.keyOrigins ?? [])],
    homeZone: c.homeZone ?? systemZone(),
    homeZoneIsDefault: c.homeZone === undefined,
    lastTest: c.lastTest ? { ...c.lastTest } : null,
  };
}

async function keysStatus(keychain: Keychain, settings: SettingsStore): Promise<KeysStatus> {
  const status = await keychain.status();
  const providerKeySet = status.available ? await keychain.hasProviderKey().catch(() => false) : false;
  const { provider } = await settings.get();
  const words = status.available ? null : unavailableWords(status.detail ?? status.reason ?? '');
  return {
    keychainAvailable: status.available,
    keychainReason: words?.sentence ?? null,
    keychainHelp: words?.help ?? null,
    keychainDetail: words?.detail ?? null,
    providerKeySet,
    providerBaseUrl: provider.baseUrl,
    providerKeyOrigins: [...provider.keyOrigins],
    providerLastTest: provider.lastTest ? { ...provider.lastTest } : null,
  };
}
