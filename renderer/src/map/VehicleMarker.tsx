import { useEffect, useRef } from 'react';
import { Marker } from 'maplibre-gl';
import { useMap } from './map-context.ts';
import { VEHICLE_COLOR } from './theme.ts';

export interface VehicleMarkerProps {
  lat: number;
  lng: number;
  /** Degrees clockwise from north; NaN when unknown. */
  heading: number;
  /** Accessible name, e.g. the vehicle number. */
  label?: string;
}

function arrowElement(label: string): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'rl-vehicle';
  el.dataset['testid'] = 'vehicle-marker';
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  el.innerHTML = `<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><circle cx="12" cy="12" r="11" fill="#ffffff" stroke="${VEHICLE_COLOR}" stroke-width="1.5"/><path d="M12 3.5 L18 18 L12 14.5 L6 18 Z" fill="${VEHICLE_COLOR}"/></svg>`;
  return el;
}

/**
 * The vehicle at a point of the replay. One Marker lives for the component's
 * life; a new position or heading is a transform on its element, cheap enough
 * to call every animation frame.
 */
export function VehicleMarker({ lat, lng, heading, label = 'Vehicle' }: VehicleMarkerProps) {
  const map = useMap();
  const marker = useRef<Marker | null>(null);

  useEffect(() => {
    if (!map) return;
    const m = new Marker({ element: arrowElement(label), rotationAlignment: 'map', pitchAlignment: 'map' });
    marker.current = m;
    return () => {
      m.remove();
      marker.current = null;
    };
  }, [map, label]);

  useEffect(() => {
    const m = marker.current;
    if (!map || !m || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    m.setLngLat([lng, lat]);
    // An unknown heading (NaN) keeps the arrow as it was rather than point it anywhere invented.
    if (Number.isFinite(heading)) m.setRotation(heading);
    if (!m.getElement().isConnected) m.addTo(map);
  }, [map, label, lat, lng, heading]);
  return null;
}
