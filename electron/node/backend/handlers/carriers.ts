import type { ConnectionTest } from '../../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../../shared/domain/key-test.ts';
import type { BackendContext } from '../context.ts';
import { demoCarrierId } from '../demo.ts';
import { failedKeyTest, passedKeyTest } from '../key-check.ts';
import { createKeyEntry } from '../key-entry.ts';
import type { NamespaceHandlers } from '../options.ts';

export interface CarrierHooks {
  /** After the demo carriers are added (the demo's road limits are installed); its failure does not undo them. */
  onDemoAdded?: () => Promise<unknown>;
}

/** carriers:*: the carriers in settings (their Company Keys in the keychain), the demo carriers, connection tests. */
export function carriersHandlers(ctx: BackendContext, hooks: CarrierHooks = {}): NamespaceHandlers<'carriers'> {
  const { keychain, settings } = ctx;
  const entry = createKeyEntry(ctx);
  const listViews = async () => Promise.all((await settings.get()).carriers.map(ctx.view));
  return {
    'carriers:list': listViews,
    // Without a test ("Save anyway"); carriers:testAndAdd adds it only once its keys passed a test.
    'carriers:add': entry.addCarrier,
    'carriers:testAndAdd': entry.enterCarrier,
    'carriers:rename': async (carrierId, label) => ctx.view(await settings.renameCarrier(carrierId, label.trim())),
    'carriers:remove': async (carrierId) => {
      const c = await ctx.carrierOrThrow(carrierId);
      if (c.demo !== true) await keychain.deleteCompanyKey(carrierId).catch(() => false);
      await settings.removeCarrier(carrierId);
      return listViews();
    },
    'carriers:testConnection': async (carrierId): Promise<ConnectionTest> => {
      // The answer is about the connection: a record or profile that could not be saved does not change it.
      const record = (test: KeyTest) => settings.setLastTest({ carrierId }, test).catch(() => null);
      try {
        // A person is waiting on this answer: one quick retry, not the download's patience.
        const company = await (await ctx.clientFor(carrierId, { maxRetries: 1 })).companyInfo();
        await ctx.rememberCompany(carrierId, company).catch(() => undefined);
        await record(passedKeyTest(ctx.now()));
        return { ok: true, companyName: company.company_name, dotNumber: company.dot_number };
      } catch (err) {
        await record(failedKeyTest(err, ctx.now()));
        return { ok: false, failure: ctx.failure(err) };
      }
    },
    'carriers:addDemo': async () => {
      const existing = new Set((await settings.get()).carriers.map((c) => c.id));
      for (const info of await ctx.demo.carriers()) {
        const id = demoCarrierId(info);
        if (existing.has(id)) continue;
        await settings.addCarrier({ id, label: `${info.name} (demo)`, demo: true, homeZone: info.homeZone });
        // The simulator's own profile: a demo carrier shows its USDOT number from the start, as a tested one does.
        await settings.setCarrierCompany(id, { name: info.name, dotNumber: info.dotNumber });
      }
      // The demo's carriers are usable without its road limits: speeding is then judged as without an index.
      await hooks.onDemoAdded?.().catch(() => undefined);
      return listViews();
    },
    'carriers:setHomeZone': async (carrierId, zone) => {
      await ctx.carrierOrThrow(carrierId);
      return ctx.view(await settings.updateCarrier(carrierId, { homeZone: zone }));
    },
  };
}
