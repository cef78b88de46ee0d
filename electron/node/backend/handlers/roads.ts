import { RoadImportError, RoadStoreError } from '../../roads/app-store.ts';
import { demoRoadsPbf } from '../../simulator/osm-roads.ts';
import type { BackendContext } from '../context.ts';
import { UserFacingError } from '../failure.ts';
import type { NamespaceHandlers } from '../options.ts';

/** The store's own conditions reach the page as the sentence they are. */
function userFacing<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (err) {
      if (err instanceof RoadStoreError) throw new UserFacingError({ kind: err.kind, message: err.message });
      if (err instanceof RoadImportError) throw new UserFacingError({ kind: 'bad-request', message: err.message });
      throw err;
    }
  };
}

/**
 * roads:* and zones:*: the one road index the app keeps (imported in pieces, built in the background, read
 * back in pieces) and the user's speed zones, in a folder beside settings.json (the context's one store).
 */
export function roadsHandlers(ctx: BackendContext) {
  const store = ctx.roads;
  const handlers: NamespaceHandlers<'roads'> & NamespaceHandlers<'zones'> = {
    'roads:status': userFacing(store.status),
    'roads:read': userFacing(store.read),
    'roads:importBegin': userFacing(store.importBegin),
    'roads:importWrite': userFacing(store.importWrite),
    'roads:importFinish': userFacing(store.importFinish),
    'roads:importPoll': userFacing(store.importPoll),
    'roads:importCancel': userFacing(store.importCancel),
    'roads:remove': userFacing(store.remove),
    'zones:get': userFacing(store.zonesGet),
    'zones:set': userFacing(store.zonesSet),
  };
  return {
    handlers,
    /** With the demo carriers: the simulator's roads, unless an index is kept (never a user's own import). */
    installDemoRoads: () => store.installDemo(demoRoadsPbf),
    close: store.close,
  };
}
