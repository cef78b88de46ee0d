import type { ReactNode } from 'react';
import type { DriverRow, VehicleRow } from '../../../../shared/domain/carrier.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { serverNow } from '../../hooks/server-clock.ts';
import { useFleet, type FleetKind } from '../../hooks/useFleet.ts';
import { useNow } from '../../hooks/useNow.ts';
import { useLive } from '../../store/hooks.ts';
import { storedVehicleIds } from '../../store/reads.ts';
import { DriversTable } from './DriversTable.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { RefreshBar } from './RefreshBar.tsx';
import type { VehicleLinks } from './FleetPage.tsx';
import { VehiclesTable } from './VehiclesTable.tsx';

/** What the driver assignments add to the tabs: a vehicle's regular driver, a driver's "Assign…". */
export interface AssignmentHooks {
  regularDriver: (v: VehicleRow) => ReactNode;
  onAssign: (driverId: string) => void;
}

/** One tab's data: live when reachable, the stored roster when not. */
export function FleetTab({
  carrierId,
  kind,
  links,
  assignments,
}: {
  carrierId: string;
  kind: FleetKind;
  links: VehicleLinks;
  assignments?: AssignmentHooks;
}) {
  const fleet = useFleet(carrierId, kind);
  const now = useNow(1000);
  const backendNow = serverNow(now);
  const rows = fleet.offline ? (fleet.offline.roster?.rows ?? null) : (fleet.snapshot?.rows ?? null);
  // Vehicles with anything stored: only those have trips to open.
  const stored = useLive(() => storedVehicleIds(carrierId), [carrierId]);

  return (
    <div
      className="fleet-tab"
      data-testid={`fleet-${kind}`}
      data-loaded={rows !== null || fleet.offline !== null || fleet.error !== null}
      data-source={fleet.offline ? 'stored' : 'live'}
    >
      <RefreshBar
        snapshot={fleet.offline ? null : fleet.snapshot}
        loading={fleet.loading}
        nextRefreshLocal={fleet.nextRefreshLocal}
        now={now}
        serverNow={backendNow}
        onRefresh={() => void fleet.refresh()}
      />
      {fleet.offline && (
        <OfflineNotice roster={fleet.offline.roster} failure={fleet.offline.failure} serverNow={backendNow} />
      )}
      {fleet.error && <ErrorAlert failure={fleet.error} testId="fleet-error" />}
      {fleet.saveError && (
        <p className="alert alert-warning" role="status" data-testid="snapshot-save-error">
          This refresh could not be stored for offline use: {fleet.saveError}
        </p>
      )}
      {fleet.snapshot && fleet.snapshot.rejected > 0 && !fleet.offline && (
        <p className="hint-block" data-testid="fleet-rejected">
          {fleet.snapshot.rejected} malformed record{fleet.snapshot.rejected === 1 ? ' was' : 's were'} skipped.
        </p>
      )}
      {rows === null ? (
        fleet.loading && (
          <p className="loading" role="status">
            Loading {kind}…
          </p>
        )
      ) : kind === 'vehicles' ? (
        <VehiclesTable
          rows={rows as VehicleRow[]}
          serverNow={backendNow}
          links={{ ...links, stored }}
          regularDriver={assignments?.regularDriver}
        />
      ) : (
        <DriversTable rows={rows as DriverRow[]} onAssign={assignments?.onAssign} />
      )}
    </div>
  );
}
