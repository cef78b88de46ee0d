import { useState } from 'react';
import type { CarrierView, KeysStatus } from '../../../../shared/domain/carrier.ts';
import { AddCarrierForm } from './AddCarrierForm.tsx';
import { CarrierItem } from './CarrierItem.tsx';

interface Props {
  carriers: CarrierView[];
  keys: KeysStatus;
  startAdding: boolean;
  onCarriersChange: (carriers: CarrierView[]) => void;
  onOpenFleet: (carrierId: string) => void;
  onOpenSettings?: () => void;
}

export function CarriersPage({ carriers, keys, startAdding, onCarriersChange, onOpenFleet, onOpenSettings }: Props) {
  const [adding, setAdding] = useState(startAdding);

  const replace = (c: CarrierView) => onCarriersChange(carriers.map((x) => (x.id === c.id ? c : x)));

  return (
    <section className="page" aria-labelledby="carriers-title">
      <header className="page-header">
        <h1 id="carriers-title">Carriers</h1>
        <span className="page-meta" data-testid="carrier-count">
          {carriers.length} {carriers.length === 1 ? 'carrier' : 'carriers'}
        </span>
        <div className="spacer" />
        {!adding && (
          <button type="button" className="btn btn-primary" data-testid="add-carrier" onClick={() => setAdding(true)}>
            Add carrier
          </button>
        )}
      </header>
      {adding && (
        <AddCarrierForm
          onOpenSettings={onOpenSettings}
          keys={keys}
          onCancel={() => setAdding(false)}
          onAdded={(c) => {
            onCarriersChange([...carriers, c]);
            setAdding(false);
          }}
        />
      )}
      {carriers.length > 0 && (
        <ul className="carrier-list" data-testid="carrier-list">
          {carriers.map((c) => (
            <CarrierItem
              key={c.id}
              carrier={c}
              keys={keys}
              onChanged={replace}
              onRemoved={onCarriersChange}
              onOpenFleet={() => onOpenFleet(c.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
