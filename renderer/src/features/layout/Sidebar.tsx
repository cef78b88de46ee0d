import type { ReactNode } from 'react';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { CompareSetup } from '../compare/compare-setup.ts';
import { sameView, type ReviewPlace, type View } from './navigation.ts';

interface Props {
  view: View;
  carriers: CarrierView[];
  /** Where Trip review was left: its entry opens there again. */
  reviewPlace?: ReviewPlace | undefined;
  /** Where Compare was left: its entry opens there again. */
  compareSetup?: CompareSetup | undefined;
  onNavigate: (view: View) => void;
}

function NavItem({
  target,
  current,
  onNavigate,
  testId,
  children,
}: {
  target: View;
  current: View;
  onNavigate: (v: View) => void;
  testId: string;
  children: ReactNode;
}) {
  const active = sameView(target, current);
  return (
    <li>
      <button
        type="button"
        className="nav-item"
        data-testid={testId}
        aria-current={active ? 'page' : undefined}
        onClick={() => onNavigate(target)}
      >
        {children}
      </button>
    </li>
  );
}

export function Sidebar({ view, carriers, reviewPlace, compareSetup, onNavigate }: Props) {
  return (
    <nav className="sidebar" aria-label="Main">
      <ul className="nav-list">
        <NavItem target={{ page: 'carriers' }} current={view} onNavigate={onNavigate} testId="nav-carriers">
          Carriers
        </NavItem>
      </ul>
      <h2 className="nav-heading" id="nav-fleet-heading">
        Fleet
      </h2>
      {carriers.length === 0 ? (
        <p className="nav-empty">No carriers yet</p>
      ) : (
        <ul className="nav-list" aria-labelledby="nav-fleet-heading">
          {carriers.map((c) => (
            <NavItem
              key={c.id}
              target={{ page: 'fleet', carrierId: c.id }}
              current={view}
              onNavigate={onNavigate}
              testId={`nav-fleet-${c.id}`}
            >
              <span className="nav-carrier" title={c.label}>
                {c.label}
              </span>
            </NavItem>
          ))}
        </ul>
      )}
      <h2 className="nav-heading">Offline data</h2>
      <ul className="nav-list">
        <NavItem target={{ page: 'downloads' }} current={view} onNavigate={onNavigate} testId="nav-downloads">
          Downloads
        </NavItem>
        <NavItem target={{ page: 'storage' }} current={view} onNavigate={onNavigate} testId="nav-storage">
          Storage
        </NavItem>
        <NavItem
          target={reviewPlace ? { page: 'review', place: reviewPlace } : { page: 'review' }}
          current={view}
          onNavigate={onNavigate}
          testId="nav-review"
        >
          Trip review
        </NavItem>
        <NavItem target={{ page: 'inbox' }} current={view} onNavigate={onNavigate} testId="nav-inbox">
          Safety inbox
        </NavItem>
        <NavItem
          target={compareSetup ? { page: 'compare', setup: compareSetup } : { page: 'compare' }}
          current={view}
          onNavigate={onNavigate}
          testId="nav-compare"
        >
          Compare
        </NavItem>
        <NavItem target={{ page: 'zones' }} current={view} onNavigate={onNavigate} testId="nav-zones">
          Speed zones
        </NavItem>
      </ul>
      <ul className="nav-list nav-bottom">
        <NavItem target={{ page: 'settings' }} current={view} onNavigate={onNavigate} testId="nav-settings">
          Settings
        </NavItem>
      </ul>
    </nav>
  );
}
