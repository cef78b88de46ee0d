import type { BackendContext } from '../context.ts';
import { createKeyEntry } from '../key-entry.ts';
import type { NamespaceHandlers } from '../options.ts';

/**
 * keys:*: the Provider Key and the carriers' Company Keys, each bound to the
 * API origin it was entered for. `testAndSet*` test a key against the API and
 * save it only when the test passed; `set*` save without a test ("Save anyway").
 */
export function keysHandlers(ctx: BackendContext): NamespaceHandlers<'keys'> {
  const { keychain, settings } = ctx;
  const entry = createKeyEntry(ctx);
  return {
    'keys:getStatus': ctx.keysStatus,
    'keys:setProviderKey': entry.saveProviderKey,
    'keys:testAndSetProviderKey': entry.enterProviderKey,
    'keys:deleteProviderKey': async () => {
      await keychain.deleteProviderKey();
      await settings.setProvider({ keyOrigins: [] });
      await settings.setLastTest('provider', null);
      return ctx.keysStatus();
    },
    'keys:setCompanyKey': entry.saveCompanyKey,
    'keys:testAndSetCompanyKey': entry.enterCompanyKey,
    'keys:deleteCompanyKey': async (carrierId) => {
      const c = await ctx.carrierOrThrow(carrierId);
      await keychain.deleteCompanyKey(carrierId);
      if (c.demo === true) return ctx.view(c);
      await settings.updateCarrier(carrierId, { keyOrigins: [] });
      await settings.setLastTest({ carrierId }, null);
      return ctx.view(await ctx.carrierOrThrow(carrierId));
    },
  };
}
