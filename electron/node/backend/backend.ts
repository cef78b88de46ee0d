import type { CarrierView, ConnectionTest, KeysStatus } from '../../../shared/domain/carrier.ts';
import type { IpcArgs, IpcChannel, IpcResult } from '../../../shared/ipc/contract.ts';
import { systemZone } from '../../../shared/time/local-day.ts';
import { dayOfMs } from '../../../shared/util/day.ts';
import type { WireCompany } from '../../../shared/api/wire.ts';
import { createApiClient, type ApiClient } from '../api/index.ts';
import { resolveOnlineStyle, type ResolveOptions } from '../basemap/resolve-online-style.ts';
import { StyleUrlError } from '../basemap/style-origins.ts';
import { unavailableWords, type Keychain } from '../keychain/index.ts';
import { apiOriginOf, effectiveBaseUrl, type Carrier, type OnlineStyleSettings, type Preferences, type SettingsStore } from '../settings/index.ts';
import type { SimulatorOptions } from '../simulator/types.ts';
import { createDemoService, demoCarrierId, DEMO_CARRIER_PREFIX } from './demo.ts';
import type { DiskGuard } from './disk-guard.ts';
import { createDownloadSessions } from './downloads.ts';
import { createExportSessions, type ExportLimits, type SaveDialogs } from './exports.ts';
import { createAuditSessions, type AuditSessionLimits } from './audits.ts';
import { loadBasemap } from '../audit/bundle.ts';
import type { PdfPrinter } from '../audit/chromium-pdf.ts';
import type { Basemap } from '../../../shared/report/route-map-svg.ts';
import { createFleetCache, fetchDriverRows, fetchVehicleRows } from './fleet.ts';
import { toFailure, UserFacingError } from './failure.ts';
import { bindEntered, checkKeysMayGo, originForEntry, withOrigin } from './key-origins.ts';

/** How long a stored company profile spares a download session the company-info request. */
export const COMPANY_REFRESH_MS = 60 * 60_000;

export type Handlers = { [C in IpcChannel]: (...args: IpcArgs<C>) => Promise<IpcResult<C>> };

export interface BackendOptions {
  keychain: Keychain;
  settings: SettingsStore;
  shell: 'electron' | 'browser-shell';
  appName: string;
  appVersion: string;
  now?: () => number;
  /** Options of the built-in demo simulator (tests pin its clock and seed). */
  demo?: SimulatorOptions;
  /** Save dialogs (Electron's native one; a folder in the browser shell given ROUTELENS_SAVE_DIR); absent: exports are browser downloads. */
  dialogs?: SaveDialogs;
  /** The volume to keep free space on while downloading (Electron: userData, where IndexedDB lives). */
  diskGuard?: DiskGuard;
  /** How an online style is fetched when the user opts in (tests shorten the limits). */
  onlineStyle?: ResolveOptions;
  /**
   * Asks the user whether stored keys may also be sent to a new API origin
   * (Electron's native dialog). Absent (the browser shell): never; the user
   * enters the keys again for that origin.
   */
  confirmKeyCarryOver?: (request: KeyCarryOver) => Promise<boolean>;
  /** Download-session bounds (tests shorten them). */
  downloadLimits?: { maxSessions?: number; idleMs?: number };
  /** Export bounds (tests shorten them). */
  exportLimits?: ExportLimits;
  /**
   * Prints an audit report's HTML to PDF: Electron's printToPDF in a hidden
   * window, Chromium through playwright-core in the browser shell. Absent: no
   * audit bundles (AppInfo.canMakeAuditBundle false).
   */
  printAuditReport?: PdfPrinter;
  /** The built-in basemap's files (land, countries, states) drawn under the report's map. */
  basemapDir?: string;
  /** Audit-session bounds (tests shorten them). */
  auditLimits?: AuditSessionLimits;
}

/** Keys that would now be sent to `origin` and were entered for other origins. */
export interface KeyCarryOver {
  origin: string;
  /** As a person reads them: 'the Provider Key', 'the Company Key of "Acme"'. */
  keys: string[];
}

export interface Backend {
  handlers: Handlers;
  /** Maps a thrown error to the one sentence the renderer may see (keys redacted). */
  publicError(err: unknown): { kind: string; message: string };
  /** Origins the CSP allows beyond 'self' (the opted-in online basemap's), for the shells to send on every page load. */
  cspOrigins(): Promise<readonly string[]>;
  close(): Promise<void>;
}

/** A copy for the renderer: the store's objects stay its own. */
function onlineStyleView(s: OnlineStyleSettings | undefined | null): IpcResult<'settings:getOnlineStyle'> {
  return s ? { styleUrl: s.styleUrl, origins: [...s.origins] } : null;
}

/** A copy for the renderer: the store's objects stay its own. */
function preferencesView(p: Preferences): IpcResult<'settings:getPreferences'> {
  return { speedingThresholdMph: p.speedingThresholdMph, displayTimeZone: p.displayTimeZone, analysis: { ...p.analysis } };
}

/**
 * Every capability the renderer can ask for, with no Electron import: the
 * Electron main process and the browser shell both register these handlers
 * behind their own sender checks and the shared argument guards.
 */
export function createBackend(opts: BackendOptions): Backend {
  const { keychain, settings } = opts;
  const now = opts.now ?? opts.demo?.now ?? Date.now;
  const demo = createDemoService(opts.demo);
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

  async function view(c: Carrier): Promise<CarrierView> {
    const hasCompanyKey = c.demo === true ? true : await keychain.hasCompanyKey(c.id).catch(() => false);
    const company = c.company ? { name: c.company.name, dotNumber: c.company.dotNumber, fetchedAt: c.company.fetchedAt } : null;
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
    };
  }

  const rememberCompany = (carrierId: string, company: WireCompany) =>
    settings.setCarrierCompany(carrierId, { name: company.company_name, dotNumber: company.dot_number, fetchedAtMs: now() });

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

  async function keysStatus(): Promise<KeysStatus> {
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
    };
  }

  async function clientFor(carrierId: string, tuning: { maxRetries?: number } = {}): Promise<ApiClient> {
    const c = await carrierOrThrow(carrierId);
    if (c.demo === true) {
      const conn = await demo.connection(carrierId);
      if (!conn) throw new UserFacingError({ kind: 'not-found', message: `The demo carrier "${c.label}" no longer exists in the built-in simulator.` });
      return createApiClient({ ...conn, ...tuning });
    }
    const current = await settings.get();
    const baseUrl = effectiveBaseUrl(current, carrierId);
    if (!baseUrl) throw new UserFacingError({ kind: 'missing-key', message: 'Set the API base URL in Settings (with the Provider Key) or on this carrier.' });
    const providerKey = remember(await keychain.getProviderKey());
    if (!providerKey) throw new UserFacingError({ kind: 'missing-key', message: 'No Provider Key is set; add it in Settings.' });
    const companyKey = remember(await keychain.getCompanyKey(carrierId));
    if (!companyKey) throw new UserFacingError({ kind: 'missing-key', message: `No Company Key is set for "${c.label}"; add it on the carrier.` });
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
    const keys = [...(provider ? ['the Provider Key'] : []), ...companies.map((c) => `the Company Key of "${c.label}"`)];
    if (!(await opts.confirmKeyCarryOver({ origin, keys }))) return;
    if (provider) await settings.setProvider({ keyOrigins: withOrigin(s.provider.keyOrigins, origin) });
    for (const c of companies) await settings.updateCarrier(c.id, { keyOrigins: withOrigin(c.keyOrigins, origin) });
  }

  const vehicles = createFleetCache(async (id) => fetchVehicleRows(await clientFor(id)), now);
  const drivers = createFleetCache(async (id) => fetchDriverRows(await clientFor(id)), now);
  const downloads = createDownloadSessions({
    toFailure: failure,
    beforeSync: (request, client) => ensureCompany(request.carrierId, client),
    ...(opts.diskGuard ? { diskGuard: opts.diskGuard } : {}),
    ...opts.downloadLimits,
  });
  const exportsOut = createExportSessions(opts.dialogs, opts.exportLimits);
  let basemap: Promise<Basemap> | null = null;
  const audits = createAuditSessions({
    async carrier(carrierId) {
      const c = await carrierOrThrow(carrierId);
      const baseUrl = c.demo === true ? ((await demo.connection(carrierId))?.baseUrl ?? '') : (effectiveBaseUrl(await settings.get(), carrierId) ?? '');
      const company = c.company && c.company.name.trim() !== '' ? c.company : null;
      return { name: company ? company.name : `${c.label} (name entered in RouteLens)`, dotNumber: c.company?.dotNumber ?? '', zone: c.homeZone ?? systemZone(), baseUrl };
    },
    print: opts.printAuditReport,
    basemap: () => (basemap ??= loadBasemap(opts.basemapDir)),
    saveBytes: (name, make) => exportsOut.saveBytes(name, 'zip', make),
    hasDialog: opts.dialogs !== undefined,
    app: { name: opts.appName, version: opts.appVersion },
    now,
    ...(opts.auditLimits ? { limits: opts.auditLimits } : {}),
  });

  const handlers: Handlers = {
    'app:getInfo': async () => ({ name: opts.appName, version: opts.appVersion, platform: process.platform, shell: opts.shell, saveMode: opts.dialogs ? 'dialog' : 'download', canPrintToPdf: opts.dialogs?.printToPdf !== undefined, canMakeAuditBundle: opts.printAuditReport !== undefined, today: dayOfMs(now()) }),

    'keys:getStatus': keysStatus,
    'keys:setProviderKey': async (key, baseUrl) => {
      const entered = remember(key.trim())!;
      const before = await settings.get();
      const origin = originForEntry(baseUrl ?? before.provider.baseUrl, 'the Provider Key');
      const previous = await keychain.getProviderKey().catch(() => null);
      // A different key is bound to nothing until it is stored: a crash in between never sends it to the old key's origins.
      if (previous !== entered) await settings.setProvider({ keyOrigins: [] });
      await keychain.setProviderKey(entered);
      await settings.setProvider({ ...(baseUrl !== null ? { baseUrl } : {}), keyOrigins: bindEntered(previous, entered, before.provider.keyOrigins, origin) });
      await offerCarryOver(origin);
      return keysStatus();
    },
    'keys:deleteProviderKey': async () => {
      await keychain.deleteProviderKey();
      await settings.setProvider({ keyOrigins: [] });
      return keysStatus();
    },
    'keys:setCompanyKey': async (carrierId, key) => {
      const c = await carrierOrThrow(carrierId);
      if (c.demo === true) throw new UserFacingError({ kind: 'bad-request', message: 'Demo carriers use built-in demo keys.' });
      const entered = remember(key.trim())!;
      const origin = originForEntry(effectiveBaseUrl(await settings.get(), carrierId), `the Company Key of "${c.label}"`);
      const previous = await keychain.getCompanyKey(carrierId).catch(() => null);
      if (previous !== entered) await settings.updateCarrier(carrierId, { keyOrigins: [] });
      await keychain.setCompanyKey(carrierId, entered);
      return view(await settings.updateCarrier(carrierId, { keyOrigins: bindEntered(previous, entered, c.keyOrigins, origin) }));
    },
    'keys:deleteCompanyKey': async (carrierId) => {
      const c = await carrierOrThrow(carrierId);
      await keychain.deleteCompanyKey(carrierId);
      return view(c.demo === true ? c : await settings.updateCarrier(carrierId, { keyOrigins: [] }));
    },

    'carriers:list': async () => Promise.all((await settings.get()).carriers.map(view)),
    'carriers:add': async ({ label, companyKey, baseUrl, homeZone }) => {
      remember(companyKey.trim());
      const origin = originForEntry(baseUrl ?? (await settings.get()).provider.baseUrl, 'a Company Key');
      // Key first: a carrier is never saved whose key the keychain refused.
      const c = await settings.addCarrier({ label: label.trim(), ...(baseUrl !== null ? { baseUrl } : {}), keyOrigins: [origin], ...(homeZone !== undefined ? { homeZone } : {}) });
      try {
        await keychain.setCompanyKey(c.id, companyKey.trim());
      } catch (err) {
        await settings.removeCarrier(c.id);
        throw err;
      }
      await offerCarryOver(origin);
      return view(await carrierOrThrow(c.id));
    },
    'carriers:rename': async (carrierId, label) => view(await settings.renameCarrier(carrierId, label.trim())),
    'carriers:remove': async (carrierId) => {
      const c = await carrierOrThrow(carrierId);
      if (c.demo !== true) await keychain.deleteCompanyKey(carrierId).catch(() => false);
      await settings.removeCarrier(carrierId);
      return Promise.all((await settings.get()).carriers.map(view));
    },
    'carriers:testConnection': async (carrierId): Promise<ConnectionTest> => {
      try {
        // A person is waiting on this answer: one quick retry, not the download's patience.
        const company = await (await clientFor(carrierId, { maxRetries: 1 })).companyInfo();
        // The answer is about the connection; a profile that could not be saved is fetched again by the next download.
        await rememberCompany(carrierId, company).catch(() => undefined);
        return { ok: true, companyName: company.company_name, dotNumber: company.dot_number };
      } catch (err) {
        return { ok: false, failure: failure(err) };
      }
    },
    'carriers:addDemo': async () => {
      const existing = new Set((await settings.get()).carriers.map((c) => c.id));
      for (const info of await demo.carriers()) {
        const id = demoCarrierId(info);
        if (!existing.has(id)) await settings.addCarrier({ id, label: `${info.name} (demo)`, demo: true, homeZone: info.homeZone });
      }
      return Promise.all((await settings.get()).carriers.map(view));
    },
    'carriers:setHomeZone': async (carrierId, zone) => {
      await carrierOrThrow(carrierId);
      return view(await settings.updateCarrier(carrierId, { homeZone: zone }));
    },

    'fleet:vehicles': (carrierId, force) => vehicles(carrierId, force),
    'fleet:drivers': (carrierId, force) => drivers(carrierId, force),

    'settings:getPreferences': async () => preferencesView((await settings.get()).preferences),
    'settings:setPreferences': async (patch) => preferencesView(await settings.setPreferences(patch)),
    'settings:setProviderBaseUrl': async (baseUrl) => {
      await settings.setProvider({ baseUrl });
      if (baseUrl !== null) await offerCarryOver(apiOriginOf(baseUrl));
      return keysStatus();
    },
    'settings:getOnlineStyle': async () => onlineStyleView((await settings.get()).onlineStyle),
    'settings:setOnlineStyle': async (styleUrl) => {
      if (styleUrl === null) return settings.setOnlineStyle(null).then(() => null);
      try {
        const resolved = await resolveOnlineStyle(styleUrl, opts.onlineStyle);
        return onlineStyleView(await settings.setOnlineStyle(resolved));
      } catch (err) {
        if (err instanceof StyleUrlError) throw new UserFacingError({ kind: 'bad-request', message: `The online style cannot be used: ${err.message}` });
        throw err;
      }
    },

    'exports:begin': (name, format) => exportsOut.begin(name, format),
    'exports:write': (id, piece) => exportsOut.write(id, piece),
    'exports:finish': (id) => exportsOut.finish(id),
    'exports:abort': (id) => exportsOut.abort(id),
    'exports:printToPdf': (name) => exportsOut.printToPdf(name),

    'audit:begin': (request) => audits.begin(request),
    'audit:addReadings': (auditId, chunk) => audits.addReadings(auditId, chunk),
    'audit:finish': (auditId, name) => audits.finish(auditId, name),
    'audit:abort': (auditId) => audits.abort(auditId),

    'downloads:start': async (request) => downloads.start(request, await clientFor(request.carrierId), dayOfMs(now())),
    'downloads:poll': (sessionId, ackSeq) => downloads.poll(sessionId, ackSeq),
    'downloads:cancel': async (sessionId) => downloads.cancel(sessionId),
  };

  return {
    handlers,
    publicError: (err) => failure(err),
    cspOrigins: async () => (await settings.get()).onlineStyle?.origins ?? [],
    async close() {
      downloads.cancelAll();
      audits.close();
      await exportsOut.closeAll();
      await demo.close();
    },
  };
}

export { DEMO_CARRIER_PREFIX };
