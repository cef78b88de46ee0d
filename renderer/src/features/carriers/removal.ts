import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { CoverageRow } from '../../store/types.ts';

/** What this computer holds of a carrier's downloads: its stored vehicle-days, vehicles and readings. */
export interface StoredOfCarrier {
  days: number;
  vehicles: number;
  points: number;
}

export function storedOfCarrier(rows: readonly Pick<CoverageRow, 'vehicleId' | 'points'>[]): StoredOfCarrier {
  return {
    days: rows.length,
    vehicles: new Set(rows.map((r) => r.vehicleId)).size,
    points: rows.reduce((n, r) => n + r.points, 0),
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The question asked before a carrier is removed (issue 31, item 9): exactly what goes (its Company Key
 * from the keychain, every downloaded day, its fleet snapshots, download jobs, inbox and Compare results) and what
 * stays (files already exported or saved, the other carriers). Removing does all of it (CarrierItem).
 * `stored` undefined: still counting.
 */
export function removalQuestion(
  carrier: Pick<CarrierView, 'label' | 'demo'>,
  stored: StoredOfCarrier | undefined,
): string {
  const key = carrier.demo ? '' : ' its Company Key from the keychain,';
  const days =
    stored === undefined
      ? 'its downloaded days'
      : stored.days === 0
        ? 'no downloaded days (none are stored)'
        : `its ${plural(stored.days, 'downloaded day', 'downloaded days')} (${plural(stored.vehicles, 'vehicle', 'vehicles')}, ${plural(stored.points, 'reading', 'readings')})`;
  return (
    `Remove ${carrier.label}? This deletes${key} ${days}, its fleet snapshots, download jobs and inbox and Compare results from this computer. ` +
    'Files you exported and audit bundles you saved stay, and so do the other carriers.'
  );
}
