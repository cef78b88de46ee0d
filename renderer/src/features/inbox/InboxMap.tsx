import { useEffect, useMemo, useRef } from 'react';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import { EventsClusterLayer, FitBounds, MapView, onIdleReport, useMap, type Bounds } from '../../map/index.ts';

/** [west, south, east, north] of the events, or null when there are none. */
function extentOf(events: readonly InboxEvent[]): Bounds | null {
  if (events.length === 0) return null;
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const x of events) {
    w = Math.min(w, x.lng);
    e = Math.max(e, x.lng);
    s = Math.min(s, x.lat);
    n = Math.max(n, x.lat);
  }
  return [w, s, e, n];
}

/**
 * The clusters drawn, as `x,y,count;…` in CSS pixels of the map, on the map's element once it is still:
 * what a test clicks (it cannot see inside the canvas). Written only when the map goes idle, once the page is.
 */
function ClustersReporter({ host }: { host: React.RefObject<HTMLDivElement | null> }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const report = () => {
      const drawn = map.queryRenderedFeatures({ layers: ['rl-events-clusters'] });
      const text = drawn
        .flatMap((f) => {
          if (f.geometry.type !== 'Point') return [];
          const p = map.project(f.geometry.coordinates as [number, number]);
          return [`${p.x.toFixed(0)},${p.y.toFixed(0)},${String(f.properties?.['point_count'])}`];
        })
        .join(';');
      if (!host.current) return;
      host.current.dataset['clusters'] = text;
      host.current.dataset['idleZoom'] = map.getZoom().toFixed(2);
    };
    return onIdleReport(map, report);
  }, [map, host]);
  return null;
}

/** The inbox's events over the offline basemap, clustered; a cluster narrows the list to its area. */
export function InboxMap({
  events,
  onArea,
  onEvent,
}: {
  events: readonly InboxEvent[];
  onArea: (bounds: Bounds) => void;
  onEvent: (key: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const bounds = useMemo(() => extentOf(events), [events]);
  return (
    <div className="inbox-map" data-testid="inbox-map" ref={host} data-events={events.length}>
      <MapView>
        <EventsClusterLayer events={events} onArea={onArea} onEvent={onEvent} />
        <FitBounds bounds={bounds} padding={32} maxZoom={9} />
        <ClustersReporter host={host} />
      </MapView>
    </div>
  );
}
