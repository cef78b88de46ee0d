import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CarrierView, KeysStatus } from '../../shared/domain/carrier.ts';
import type { AppInfo } from '../../shared/ipc/contract.ts';
import { AppStateProvider, type AppState, type Preferences } from './app/app-state.tsx';
import { DriverSnapshotKeeper } from './app/use-driver-snapshots.tsx';
import { bridge } from './bridge/api.ts';
import { toDisplayError } from './components/errors.ts';
import { CarriersPage } from './features/carriers/CarriersPage.tsx';
import type { CompareSetup } from './features/compare/compare-setup.ts';
import { ComparePage } from './features/compare/ComparePage.tsx';
import { DownloadsPage } from './features/downloads/DownloadsPage.tsx';
import { FirstRun } from './features/first-run/FirstRun.tsx';
import { FleetPage } from './features/fleet/FleetPage.tsx';
import { InboxPage } from './features/inbox/InboxPage.tsx';
import { InboxPreparer } from './features/inbox/InboxPreparer.tsx';
import { Header } from './features/layout/Header.tsx';
import { Sidebar } from './features/layout/Sidebar.tsx';
import { KeptReview } from './features/review/KeptReview.tsx';
import { ReviewPage } from './features/review/ReviewPage.tsx';
import { SettingsPage } from './features/settings/SettingsPage.tsx';
import { ZonesPage } from './features/zones/ZonesPage.tsx';
import { StoragePage } from './features/storage/StoragePage.tsx';
import type { ReviewPlace } from './features/layout/navigation.ts';
import { useView } from './features/layout/use-view.ts';
import { observeServerTime } from './hooks/server-clock.ts';

type Boot = { state: 'loading' } | { state: 'ready'; loaded: Loaded } | { state: 'failed'; message: string };

interface Loaded {
  info: AppInfo;
  keys: KeysStatus;
  carriers: CarrierView[];
  preferences: Preferences;
}

async function loadAll(): Promise<Loaded> {
  if (!bridge)
    throw new Error(
      'The RouteLens bridge is not available in this window. In the browser shell, open the URL it printed (it carries a token).',
    );
  const [info, keys, carriers, preferences] = await Promise.all([
    bridge.app.getInfo(),
    bridge.keys.getStatus(),
    bridge.carriers.list(),
    bridge.settings.getPreferences(),
  ]);
  // The backend's clock from the start: a screen that asks for "the last n days" before any fleet answer
  // (the Assignments tab's suggestions) counts them on the backend's clock, not the window's.
  observeServerTime(info.now);
  return { info, keys, carriers, preferences };
}

export function App() {
  const [boot, setBoot] = useState<Boot>({ state: 'loading' });
  const [carriers, setCarriers] = useState<CarrierView[]>([]);
  const [keys, setKeys] = useState<KeysStatus | null>(null);
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const { view, visit, navigate, replace } = useView();
  // The review's last place: the sidebar goes back to it, so switching screens does not forget the truck and days.
  const [reviewPlace, setReviewPlace] = useState<ReviewPlace | undefined>(undefined);
  // Compare's last setup, kept the same way (carriers, range, parameters).
  const [compareSetup, setCompareSetup] = useState<CompareSetup | undefined>(undefined);
  const onCompareSetup = useCallback(
    (setup: CompareSetup) => {
      setCompareSetup(setup);
      replace({ page: 'compare', setup });
    },
    [replace],
  );
  // Trip review, once opened, stays mounted behind the other screens (KeptReview) with the place and visit it last showed.
  const [keptReview, setKeptReview] = useState<{ place: ReviewPlace | undefined; visit: number } | null>(null);
  if (view.page === 'review' && (keptReview?.visit !== visit || keptReview.place !== view.place))
    setKeptReview({ place: view.place, visit });
  const shownPage = useRef(view.page);
  shownPage.current = view.page;
  const onReviewPlace = useCallback(
    (place: ReviewPlace) => {
      setReviewPlace(place);
      // A kept review settling its selection while away (its vehicles read late) must not take the screen back.
      if (shownPage.current === 'review') replace({ page: 'review', place });
    },
    [replace],
  );

  useEffect(() => {
    loadAll().then(
      (loaded) => {
        setCarriers(loaded.carriers);
        setKeys(loaded.keys);
        setPreferences(loaded.preferences);
        setBoot({ state: 'ready', loaded });
      },
      (err: unknown) => setBoot({ state: 'failed', message: toDisplayError(err).message }),
    );
  }, []);

  const state = useMemo<AppState | null>(
    () =>
      boot.state === 'ready' && bridge && keys && preferences
        ? { api: bridge, info: boot.loaded.info, carriers, setCarriers, keys, setKeys, preferences, setPreferences }
        : null,
    [boot, carriers, keys, preferences],
  );

  const onCarriersChange = (next: CarrierView[]) => {
    setCarriers(next);
    if (view.page === 'fleet' && !next.some((c) => c.id === view.carrierId)) replace({ page: 'carriers' });
  };

  const page = (s: AppState) => {
    switch (view.page) {
      case 'carriers':
        if (s.carriers.length === 0 && !view.adding)
          return (
            <FirstRun onDemoAdded={onCarriersChange} onAddCarrier={() => replace({ page: 'carriers', adding: true })} />
          );
        return (
          <CarriersPage
            carriers={s.carriers}
            keys={s.keys}
            startAdding={view.adding === true}
            onCarriersChange={onCarriersChange}
            onOpenFleet={(carrierId) => navigate({ page: 'fleet', carrierId })}
            onOpenSettings={() => navigate({ page: 'settings' })}
          />
        );
      case 'fleet': {
        const carrier = s.carriers.find((c) => c.id === view.carrierId);
        return carrier ? (
          <FleetPage
            key={carrier.id}
            carrier={carrier}
            onOpenReview={(vehicleId) =>
              navigate({ page: 'review', place: { carrierId: carrier.id, vehicleId, day: '', span: 'week' } })
            }
            onOpenDownloads={(vehicleId) => navigate({ page: 'downloads', carrierId: carrier.id, vehicleId })}
          />
        ) : (
          <p className="muted">No such carrier.</p>
        );
      }
      case 'downloads':
        return (
          <DownloadsPage
            key={visit}
            carrierId={view.carrierId}
            vehicleId={view.vehicleId}
            from={view.from}
            to={view.to}
            onOpenReview={(place) => navigate({ page: 'review', place })}
          />
        );
      case 'storage':
        return <StoragePage />;
      case 'review':
        // Drawn by KeptReview below, which keeps it mounted while other screens show.
        return null;
      case 'compare':
        return (
          <ComparePage
            key={visit}
            setup={view.setup ?? compareSetup}
            onSetup={onCompareSetup}
            onOpenReview={(t) =>
              navigate({
                page: 'review',
                place: {
                  carrierId: t.carrierId,
                  vehicleId: t.vehicleId,
                  day: t.day,
                  span: 'day',
                  event: { startMs: t.startMs, endMs: t.endMs },
                },
              })
            }
          />
        );
      case 'inbox':
        return (
          <InboxPage
            query={view.query}
            onQuery={(query) => replace({ page: 'inbox', query })}
            onOpenReview={(place) => navigate({ page: 'review', place })}
          />
        );
      case 'zones':
        return <ZonesPage />;
      case 'settings':
        return <SettingsPage keys={s.keys} onKeysChange={setKeys} />;
    }
  };

  return (
    <div className="app" data-testid="app-root" data-ready={boot.state !== 'loading'} data-page={view.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header info={state?.info ?? null} keys={keys} />
      <div className="app-body">
        <Sidebar
          view={view}
          carriers={carriers}
          reviewPlace={reviewPlace}
          compareSetup={compareSetup}
          onNavigate={navigate}
        />
        <main id="main" className="main" tabIndex={-1}>
          {boot.state === 'loading' && (
            <p className="loading" role="status">
              Loading…
            </p>
          )}
          {boot.state === 'failed' && (
            <div className="alert alert-error" role="alert" data-testid="boot-error">
              <strong className="alert-title">RouteLens could not start</strong>
              <span>{boot.message}</span>
            </div>
          )}
          {state && (
            <AppStateProvider value={state}>
              {page(state)}
              {keptReview && (
                <KeptReview shown={view.page === 'review'}>
                  {/* A new visit (navigation, back/forward) opens its place afresh on the same page (its map stays); the page's own changes only update the address. */}
                  <ReviewPage
                    visit={keptReview.visit}
                    active={view.page === 'review'}
                    carriers={state.carriers}
                    info={state.info}
                    place={keptReview.place}
                    onPlace={onReviewPlace}
                    onOpenDownloads={(target) => navigate({ page: 'downloads', ...target })}
                    onOpenReview={(place) => navigate({ page: 'review', place })}
                  />
                </KeptReview>
              )}
              <InboxPreparer />
              <DriverSnapshotKeeper />
            </AppStateProvider>
          )}
        </main>
      </div>
    </div>
  );
}
