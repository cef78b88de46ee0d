import { userInfo } from 'node:os';
import type { IpcResult } from '../../../../shared/ipc/contract.ts';
import { cleanReviewerName } from '../../../../shared/inbox/trail.ts';
import { resolveOnlineStyle } from '../../basemap/resolve-online-style.ts';
import { StyleUrlError } from '../../basemap/style-origins.ts';
import { apiOriginOf, type OnlineStyleSettings, type Preferences } from '../../settings/index.ts';
import type { BackendContext } from '../context.ts';
import { UserFacingError } from '../failure.ts';
import type { NamespaceHandlers } from '../options.ts';

/** A copy for the renderer: the store's objects stay its own. */
function onlineStyleView(s: OnlineStyleSettings | undefined | null): IpcResult<'settings:getOnlineStyle'> {
  return s ? { styleUrl: s.styleUrl, origins: [...s.origins] } : null;
}

/** A copy for the renderer: the store's objects stay its own. */
function preferencesView(p: Preferences): IpcResult<'settings:getPreferences'> {
  return {
    speedingThresholdMph: p.speedingThresholdMph,
    displayTimeZone: p.displayTimeZone,
    analysis: { ...p.analysis },
    reviewerName: p.reviewerName,
    driverSnapshotMinutes: p.driverSnapshotMinutes,
  };
}

/** The OS user's name, cleaned like a typed one; '' when the OS cannot say (no passwd entry, a sandbox). */
function computerUserName(): string {
  try {
    return cleanReviewerName(userInfo().username);
  } catch {
    return '';
  }
}

/** settings:*: preferences, the provider's API address and the online basemap opt-in. */
export function settingsHandlers(ctx: BackendContext): NamespaceHandlers<'settings'> {
  const { settings } = ctx;
  return {
    'settings:getPreferences': async () => preferencesView((await settings.get()).preferences),
    'settings:setPreferences': async (patch) => preferencesView(await settings.setPreferences(patch)),
    'settings:getReviewer': async () => {
      const chosen = (await settings.get()).preferences.reviewerName;
      return chosen === '' ? { name: computerUserName(), fromComputer: true } : { name: chosen, fromComputer: false };
    },
    'settings:setProviderBaseUrl': async (baseUrl) => {
      const before = await settings.get();
      const originOf = (url: string | null) => (url === null ? null : apiOriginOf(url));
      await settings.setProvider({ baseUrl });
      // A test passed or failed at the old address says nothing of the new one: the badges no longer claim it.
      if (originOf(before.provider.baseUrl) !== originOf(baseUrl)) {
        await settings.setLastTest('provider', null);
        for (const c of before.carriers)
          if (c.demo !== true && c.baseUrl === undefined) await settings.setLastTest({ carrierId: c.id }, null);
      }
      if (baseUrl !== null) await ctx.offerCarryOver(apiOriginOf(baseUrl));
      return ctx.keysStatus();
    },
    'settings:getOnlineStyle': async () => onlineStyleView((await settings.get()).onlineStyle),
    'settings:setOnlineStyle': async (styleUrl) => {
      if (styleUrl === null) return settings.setOnlineStyle(null).then(() => null);
      try {
        const resolved = await resolveOnlineStyle(styleUrl, ctx.opts.onlineStyle);
        return onlineStyleView(await settings.setOnlineStyle(resolved));
      } catch (err) {
        if (err instanceof StyleUrlError)
          throw new UserFacingError({
            kind: 'bad-request',
            message: `The online style cannot be used: ${err.message}`,
          });
        throw err;
      }
    },
  };
}
