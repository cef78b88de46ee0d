export { MapView, type MapViewProps } from './MapView.tsx';
export { useMap } from './map-context.ts';
export { onIdleReport } from './idle-report.ts';
export { LIMIT_ROUTE_SOURCE, RouteLayer, type RouteLayerProps } from './RouteLayer.tsx';
export { RouteHover } from './RouteHover.tsx';
export { GapsLayer, type GapsLayerProps } from './GapsLayer.tsx';
export { StopsLayer, type StopsLayerProps } from './StopsLayer.tsx';
export { OutliersLayer, type OutliersLayerProps } from './OutliersLayer.tsx';
export { VehicleMarker, type VehicleMarkerProps } from './VehicleMarker.tsx';
export { FIT_MAX_ZOOM, FIT_PADDING, FitBounds, fitBox, type FitBoundsProps } from './FitBounds.tsx';
export { useFollow } from './use-follow.ts';
export {
  routeGeoJSON,
  chunksBounds,
  speedClass,
  type SpeedClass,
  type RouteGeoJSON,
} from '../../../shared/map/route-geojson.ts';
export {
  loadBasemapChoice,
  saveBasemapChoice,
  keepPmtilesFile,
  forgetPmtilesFile,
  type BasemapChoice,
} from './basemap-choice.ts';
export { BasemapPicker } from './BasemapPicker.tsx';
export { LIMIT_COLORS, SPEED_COLORS } from './theme.ts';
export { EventsClusterLayer, type MapEvent, type Bounds } from './EventsClusterLayer.tsx';
