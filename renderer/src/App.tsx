import { useEffect, useState } from 'react';
import type { CarrierView, KeysStatus } from '../../shared/domain/carrier.ts';
import type { AppInfo } from '../../shared/ipc/contract.ts';
import { api } from './bridge/api.ts';
import { toDisplayError } from './components/errors.ts';
import { CarriersPage } from './features/carriers/CarriersPage.tsx';
import { DownloadsPage } from './features/downloads/DownloadsPage.tsx';
import { FirstRun } from './features/first-run/FirstRun.tsx';
import { FleetPage } from './features/fleet/FleetPage.tsx';
import { Header } from './features/layout/Header.tsx';
import type { View } from './features/layout/navigation.ts';
import { Sidebar } from './features/layout/Sidebar.tsx';
import { SettingsPage } from './features/settings/SettingsPage.tsx';
import { StoragePage } from './features/storage/StoragePage.tsx';
import { ReviewPage } from './features/review/ReviewPage.tsx';
import { ComparePage } from './features/compare/ComparePage.tsx';

type Boot = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

interface Loaded {
  info: AppInfo;
  keys: KeysStatus;
  carriers: CarrierView[];
}

async function loadAll(): Promise<Loaded> {
  if (!api) throw new Error('The RouteLens bridge is not available in this window. In the browser shell, open the URL it printed (it carries a token).');
  const [info, keys, carriers] = await Promise.all([api.app.getInfo(), api.keys.getStatus(), api.carriers.list()]);
  return { info, keys, carriers };
}

export function App() {
  const [boot, setBoot] = useState<Boot>({ state: 'loading' });
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [keys, setKeys] = useState<KeysStatus | null>(null);
  const [carriers, setCarriers] = useState<CarrierView[]>([]);
  const [view, setView] = useState<View>({ page: 'carriers' });

  useEffect(() => {
    loadAll().then(
      (l) => {
        setInfo(l.info);
        setKeys(l.keys);
        setCarriers(l.carriers);
        setBoot({ state: 'ready' });
      },
      (err: unknown) => setBoot({ state: 'failed', message: toDisplayError(err).message }),
    );
  }, []);

  const navigate = (next: View) => {
    setView(next);
    // Screen readers and keyboard users land on the new page, not on the old button.
    requestAnimationFrame(() => document.getElementById('main')?.focus());
  };

  const onCarriersChange = (next: CarrierView[]) => {
    setCarriers(next);
    if (view.page === 'fleet' && !next.some((c) => c.id === view.carrierId)) setView({ page: 'carriers' });
  };

  const fleetCarrier = view.page === 'fleet' ? carriers.find((c) => c.id === view.carrierId) : undefined;

  const page = () => {
    if (boot.state === 'loading') return <p className="loading" role="status">Loading…</p>;
    if (boot.state === 'failed' || !keys)
      return (
        <div className="alert alert-error" role="alert" data-testid="boot-error">
          <strong className="alert-title">RouteLens could not start</strong>
          <span>{boot.state === 'failed' ? boot.message : 'No keychain status.'}</span>
        </div>
      );
    switch (view.page) {
      case 'carriers':
        if (carriers.length === 0 && !view.adding)
          return <FirstRun onDemoAdded={(list) => onCarriersChange(list)} onAddCarrier={() => setView({ page: 'carriers', adding: true })} />;
        return (
          <CarriersPage
            carriers={carriers}
            keys={keys}
            startAdding={view.adding === true}
            onCarriersChange={onCarriersChange}
            onOpenFleet={(carrierId) => navigate({ page: 'fleet', carrierId })}
          />
        );
      case 'fleet':
        return fleetCarrier ? <FleetPage key={fleetCarrier.id} carrier={fleetCarrier} /> : null;
      case 'downloads':
        return <DownloadsPage />;
      case 'storage':
        return <StoragePage />;
      case 'review':
        return <ReviewPage carriers={carriers} info={info} />;
      case 'compare':
        return <ComparePage onOpenReview={() => navigate({ page: 'review' })} />;
      case 'settings':
        return <SettingsPage keys={keys} onKeysChange={setKeys} />;
    }
  };

  return (
    <div className="app" data-testid="app-root" data-ready={boot.state !== 'loading'} data-page={view.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header info={info} keys={keys} />
      <div className="app-body">
        <Sidebar view={view} carriers={carriers} onNavigate={navigate} />
        <main id="main" className="main" tabIndex={-1}>
          {page()}
        </main>
      </div>
    </div>
  );
}
