import type { MapOptions } from 'maplibre-gl';

// maplibre-gl does not re-export the style-spec types; derive them from its own options.
export type StyleSpec = Extract<NonNullable<MapOptions['style']>, object>;
export type LayerSpec = StyleSpec['layers'][number];
export type SourceSpec = StyleSpec['sources'][string];
/** A layer without its `source` (distributive, so each layer type keeps its own fields such as `filter`). */
export type OverlayLayerSpec = LayerSpec extends infer L ? (L extends unknown ? Omit<L, 'source'> : never) : never;
export type ExpressionSpecification = Extract<
  NonNullable<Extract<LayerSpec, { type: 'line' }>['paint']>['line-color'],
  unknown[]
>;
