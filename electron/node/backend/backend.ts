import { createBackendContext } from './context.ts';
import { DEMO_CARRIER_PREFIX } from './demo.ts';
import { appHandlers } from './handlers/app.ts';
import { carriersHandlers } from './handlers/carriers.ts';
import { downloadsHandlers } from './handlers/downloads.ts';
import { exportsHandlers } from './handlers/exports.ts';
import { fleetHandlers } from './handlers/fleet.ts';
import { keysHandlers } from './handlers/keys.ts';
import { roadsHandlers } from './handlers/roads.ts';
import { settingsHandlers } from './handlers/settings.ts';
import type { BackendOptions, Handlers } from './options.ts';

export { COMPANY_REFRESH_MS } from './context.ts';
export type { BackendOptions, Handlers, KeyCarryOver } from './options.ts';

export interface Backend {
  handlers: Handlers;
  /** Maps a thrown error to the one sentence the renderer may see (keys redacted). */
  publicError(err: unknown): { kind: string; message: string };
  /** Origins the CSP allows beyond 'self' (the opted-in online basemap's), for the shells to send on every page load. */
  cspOrigins(): Promise<readonly string[]>;
  close(): Promise<void>;
}

/**
 * Every capability the renderer can ask for, with no Electron import: the
 * Electron main process and the browser shell both register these handlers
 * behind their own sender checks and the shared argument guards. One handler
 * module per namespace of the contract (handlers/), over one shared context
 * (context.ts); the type `Handlers` makes sure every channel has its handler.
 */
export function createBackend(opts: BackendOptions): Backend {
  const ctx = createBackendContext(opts);
  const downloads = downloadsHandlers(ctx);
  const files = exportsHandlers(ctx);
  const roads = roadsHandlers(ctx);
  const handlers: Handlers = {
    ...appHandlers(ctx),
    ...keysHandlers(ctx),
    ...carriersHandlers(ctx, { onDemoAdded: roads.installDemoRoads }),
    ...fleetHandlers(ctx),
    ...settingsHandlers(ctx),
    ...files.handlers,
    ...downloads.handlers,
    ...roads.handlers,
  };
  return {
    handlers,
    publicError: (err) => ctx.failure(err),
    cspOrigins: async () => (await opts.settings.get()).onlineStyle?.origins ?? [],
    async close() {
      downloads.close();
      await files.close();
      await roads.close();
      await ctx.demo.close();
    },
  };
}

export { DEMO_CARRIER_PREFIX };
