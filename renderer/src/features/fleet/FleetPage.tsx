import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { FleetKind } from '../../hooks/useFleet.ts';
import type { AssignmentForm } from '../drivers/assignment-edits.ts';
import { AssignmentsTab } from '../drivers/AssignmentsTab.tsx';
import { useRegularDriverCell } from '../drivers/use-regular-driver-cell.tsx';
import { FleetTab, type AssignmentHooks } from './FleetTab.tsx';

type FleetPageTab = FleetKind | 'assignments';

const TABS: { kind: FleetPageTab; label: string }[] = [
  { kind: 'vehicles', label: 'Vehicles' },
  { kind: 'drivers', label: 'Drivers & HOS' },
  { kind: 'assignments', label: 'Assignments' },
];

/** A vehicle row leads to its trips (Trip review) and to its downloads. */
export interface VehicleLinks {
  onOpenReview: (vehicleId: string) => void;
  onOpenDownloads: (vehicleId: string) => void;
}

export function FleetPage({ carrier, ...links }: { carrier: CarrierView } & VehicleLinks) {
  const [tab, setTab] = useState<FleetPageTab>('vehicles');
  // A driver's "Assign…" opens the Assignments tab's form with that driver chosen.
  const [seed, setSeed] = useState<Partial<AssignmentForm> | null>(null);
  const regularDriver = useRegularDriverCell(carrier);
  const assignments = useMemo<AssignmentHooks>(
    () => ({
      regularDriver,
      onAssign: (driverId) => {
        setSeed({ driverId });
        setTab('assignments');
      },
    }),
    [regularDriver],
  );
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // WAI-ARIA tabs: arrow keys move between tabs, Tab moves into the panel.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = TABS.findIndex((t) => t.kind === tab);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    setTab(next.kind);
    tabRefs.current[next.kind]?.focus();
  };

  return (
    <section className="page" aria-labelledby="fleet-title" data-testid="fleet-page" data-carrier-id={carrier.id}>
      <header className="page-header">
        <h1 id="fleet-title">{carrier.label}</h1>
        {carrier.demo && <span className="badge badge-demo">Demo</span>}
      </header>
      <div className="tabs" role="tablist" aria-label="Fleet" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.kind}
            ref={(el) => {
              tabRefs.current[t.kind] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.kind}`}
            aria-controls={`panel-${t.kind}`}
            aria-selected={tab === t.kind}
            tabIndex={tab === t.kind ? 0 : -1}
            className="tab"
            data-testid={`tab-${t.kind}`}
            onClick={() => setTab(t.kind)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'assignments' ? (
          <AssignmentsTab key={carrier.id} carrier={carrier} seed={seed} onSeedUsed={() => setSeed(null)} />
        ) : (
          <FleetTab
            key={`${carrier.id}:${tab}`}
            carrierId={carrier.id}
            kind={tab}
            links={links}
            assignments={assignments}
          />
        )}
      </div>
    </section>
  );
}
