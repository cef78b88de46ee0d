import { useState } from 'react';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import { useAppState } from '../../app/app-state.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { toDisplayError } from '../../components/errors.ts';
import { reloadRoadLimits } from '../../roads/road-limits-store.ts';

interface Props {
  onDemoAdded: (carriers: CarrierView[]) => void;
  onAddCarrier: () => void;
}

/** Shown while no carrier is configured: the two ways to start. */
export function FirstRun({ onDemoAdded, onAddCarrier }: Props) {
  const { api } = useAppState();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ kind: string; message: string } | null>(null);

  const exploreDemo = async () => {
    setBusy(true);
    setError(null);
    try {
      const carriers = await api.carriers.addDemo();
      // The backend installed the demo's road limits with its carriers (unless an index was kept already).
      void reloadRoadLimits(api);
      onDemoAdded(carriers);
    } catch (err) {
      setError(toDisplayError(err));
      setBusy(false);
    }
  };

  return (
    <section className="first-run" aria-labelledby="first-run-title" data-testid="first-run">
      <h1 id="first-run-title">Welcome to RouteLens</h1>
      <p className="lead">
        Review where your trucks went and how your drivers stand on Hours of Service, online or offline.
      </p>
      <div className="choice-grid">
        <div className="choice">
          <h2>Explore with demo carriers</h2>
          <p>
            Three sample carriers served by a built-in simulator on this computer. No keys needed; nothing leaves your
            machine.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="explore-demo"
            onClick={() => void exploreDemo()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Starting the demo…' : 'Explore with demo carriers'}
          </button>
        </div>
        <div className="choice">
          <h2>Add a carrier</h2>
          <p>
            Connect a real carrier with your <strong>Provider Key</strong> (set once in Settings) and the carrier's{' '}
            <strong>Company Key</strong>. Keys are kept in the system keychain.
          </p>
          <button type="button" className="btn" data-testid="first-run-add-carrier" onClick={onAddCarrier}>
            Add a carrier
          </button>
        </div>
      </div>
      {error && <ErrorAlert failure={error} />}
    </section>
  );
}
