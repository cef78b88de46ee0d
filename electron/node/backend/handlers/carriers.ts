import type { ConnectionTest } from '../../../../shared/domain/carrier.ts';
import type { BackendContext } from '../context.ts';
import { demoCarrierId } from '../demo.ts';
import { originForEntry } from '../key-origins.ts';
import type { NamespaceHandlers } from '../options.ts';

/** carriers:*: the carriers in settings (their Company Keys in the keychain), the demo carriers, connection tests. */
export function carriersHandlers(ctx: BackendContext): NamespaceHandlers<'carriers'> {
  const { keychain, settings, remember } = ctx;
  const listViews = async () => Promise.all((await settings.get()).carriers.map(ctx.view));
  return {
    'carriers:list': listViews,
    'carriers:add': async ({ label, companyKey, baseUrl, homeZone }) => {
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
      await ctx.offerCarryOver(origin);
      return ctx.view(await ctx.carrierOrThrow(c.id));
    },
    'carriers:rename': async (carrierId, label) => ctx.view(await settings.renameCarrier(carrierId, label.trim())),
    'carriers:remove': async (carrierId) => {
      const c = await ctx.carrierOrThrow(carrierId);
      if (c.demo !== true) await keychain.deleteCompanyKey(carrierId).catch(() => false);
      await settings.removeCarrier(carrierId);
      return listViews();
    },
    'carriers:testConnection': async (carrierId): Promise<ConnectionTest> => {
      try {
        // A person is waiting on this answer: one quick retry, not the download's patience.
        const company = await (await ctx.clientFor(carrierId, { maxRetries: 1 })).companyInfo();
        // The answer is about the connection; a profile that could not be saved is fetched again by the next download.
        await ctx.rememberCompany(carrierId, company).catch(() => undefined);
        return { ok: true, companyName: company.company_name, dotNumber: company.dot_number };
      } catch (err) {
        return { ok: false, failure: ctx.failure(err) };
      }
    },
    'carriers:addDemo': async () => {
      const existing = new Set((await settings.get()).carriers.map((c) => c.id));
      for (const info of await ctx.demo.carriers()) {
        const id = demoCarrierId(info);
        if (!existing.has(id))
          await settings.addCarrier({ id, label: `${info.name} (demo)`, demo: true, homeZone: info.homeZone });
      }
      return listViews();
    },
    'carriers:setHomeZone': async (carrierId, zone) => {
      await ctx.carrierOrThrow(carrierId);
      return ctx.view(await settings.updateCarrier(carrierId, { homeZone: zone }));
    },
  };
}
