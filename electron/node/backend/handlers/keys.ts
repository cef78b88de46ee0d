import { effectiveBaseUrl } from '../../settings/index.ts';
import type { BackendContext } from '../context.ts';
import { UserFacingError } from '../failure.ts';
import { bindEntered, originForEntry } from '../key-origins.ts';
import type { NamespaceHandlers } from '../options.ts';

/** keys:*: the Provider Key and the carriers' Company Keys, each bound to the API origin it was entered for. */
export function keysHandlers(ctx: BackendContext): NamespaceHandlers<'keys'> {
  const { keychain, settings, remember } = ctx;
  return {
    'keys:getStatus': ctx.keysStatus,
    'keys:setProviderKey': async (key, baseUrl) => {
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
      await ctx.offerCarryOver(origin);
      return ctx.keysStatus();
    },
    'keys:deleteProviderKey': async () => {
      await keychain.deleteProviderKey();
      await settings.setProvider({ keyOrigins: [] });
      return ctx.keysStatus();
    },
    'keys:setCompanyKey': async (carrierId, key) => {
      const c = await ctx.carrierOrThrow(carrierId);
      if (c.demo === true)
        throw new UserFacingError({ kind: 'bad-request', message: 'Demo carriers use built-in demo keys.' });
      const entered = remember(key.trim())!;
      const origin = originForEntry(
        effectiveBaseUrl(await settings.get(), carrierId),
        `the Company Key of "${c.label}"`,
      );
      const previous = await keychain.getCompanyKey(carrierId).catch(() => null);
      if (previous !== entered) await settings.updateCarrier(carrierId, { keyOrigins: [] });
      await keychain.setCompanyKey(carrierId, entered);
      return ctx.view(
        await settings.updateCarrier(carrierId, { keyOrigins: bindEntered(previous, entered, c.keyOrigins, origin) }),
      );
    },
    'keys:deleteCompanyKey': async (carrierId) => {
      const c = await ctx.carrierOrThrow(carrierId);
      await keychain.deleteCompanyKey(carrierId);
      return ctx.view(c.demo === true ? c : await settings.updateCarrier(carrierId, { keyOrigins: [] }));
    },
  };
}
