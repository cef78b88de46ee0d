import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The map of the nearest MapView, once its style has loaded (null before). */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap | null {
  return useContext(MapContext);
}
