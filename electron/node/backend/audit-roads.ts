/**
 * The road limits an app's audit bundle judges with: the ones the screen judged with (AuditRequest.roadLimits:
 * the kept index and zones by id, the preferences' rule), read from the one store the roads:* handlers
 * change. A bundle judged with other limits than the screen showed would disagree with it, so a change
 * of either since the screen was drawn refuses the bundle (at begin, and again when it is built).
 */
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import { overLimitParamsOf } from '../../../shared/analysis/adjustable.ts';
import type { AuditRoadLimits } from '../../../shared/ipc/contract.ts';
import { createRoadIndex } from '../../../shared/roads/road-index.ts';
import type { SpeedZones } from '../../../shared/roads/zones.ts';
import { parseSpeedZones } from '../../../shared/roads/zones-parse.ts';
import { RoadStoreError, type RoadLimitsStore } from '../roads/app-store.ts';
import { UserFacingError } from './failure.ts';

export const ROAD_LIMITS_CHANGED =
  'The road limits changed since this screen was drawn: open it again and make the bundle again.';

const changed = () => new UserFacingError({ kind: 'bad-request', message: ROAD_LIMITS_CHANGED });

export interface AuditRoads {
  /** Refuses limits that are no longer the kept ones. */
  check(asked: AuditRoadLimits): Promise<void>;
  /** The limits to judge with; undefined when neither an index nor zones are kept (as on the screen). */
  open(asked: AuditRoadLimits): Promise<RoadLimits | undefined>;
}

export function createAuditRoads(store: Pick<RoadLimitsStore, 'status' | 'zonesGet' | 'decodedIndex'>): AuditRoads {
  async function check(asked: AuditRoadLimits): Promise<void> {
    const [index, zones] = await Promise.all([store.status(), store.zonesGet()]);
    if ((index?.id ?? null) !== asked.indexId || (zones?.id ?? null) !== asked.zonesId) throw changed();
  }

  async function keptZones(id: string): Promise<SpeedZones> {
    const kept = await store.zonesGet();
    if (kept?.id !== id) throw changed();
    const parsed = parseSpeedZones(kept.geojson);
    // The store parsed them when they were kept: a file damaged since is said, never skipped.
    if (!parsed.ok)
      throw new UserFacingError({
        kind: 'other',
        message: `The kept speed zones cannot be read: ${parsed.reasons.join('; ')}.`,
      });
    return parsed.zones;
  }

  async function keptIndex(id: string) {
    try {
      return await store.decodedIndex(id);
    } catch (err) {
      if (err instanceof RoadStoreError && err.kind === 'not-found') throw changed();
      const why = err instanceof Error ? err.message : String(err);
      throw new UserFacingError({ kind: 'other', message: `The kept road index cannot be read: ${why}` });
    }
  }

  return {
    check,
    async open(asked) {
      if (asked.indexId === null && asked.zonesId === null) {
        await check(asked);
        return undefined;
      }
      // Zones alone: no road is known, so only readings inside a zone are judged (as the workers do).
      const index = asked.indexId === null ? createRoadIndex([], []) : await keptIndex(asked.indexId);
      const zones = asked.zonesId === null ? undefined : await keptZones(asked.zonesId);
      await check(asked);
      return { index, ...(zones ? { zones } : {}), overLimit: overLimitParamsOf(asked.overLimit) };
    },
  };
}
