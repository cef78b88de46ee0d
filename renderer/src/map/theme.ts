import type { LimitClass } from '../../../shared/roads/limit-along.ts';

/** Colours and fonts of the layers drawn over the basemap: vivid, so a route reads at a glance on the muted map. */
export const SPEED_COLORS = {
  slow: '#2f7fd8',
  normal: '#14a05a',
  near: '#f0a000',
  over: '#e0115f',
  /** No speed in the record: a neutral grey, solid (a gap is dashed), never a speed colour. */
  unknown: '#8a8a8a',
} as const;

/**
 * The route by mph over the road's limit (shared/roads/limit-along.ts LIMIT_CLASSES): green under it,
 * olive within the tolerance, then the tiers from yellow to a dark plum; no limit known is a pale grey
 * of its own (lighter than a speed-unknown's, so neither is read as the other).
 */
export const LIMIT_COLORS: Record<LimitClass, string> = {
  unknown: '#b4b9c0',
  under: '#14a05a',
  within: '#8fae1b',
  light: '#f2b600',
  moderate: '#f07800',
  heavy: '#e0301e',
  severe: '#7a0b52',
};

export const GAP_COLOR = '#6f6a80';
export const STOP_COLOR = '#5b2bb5';
/** Readings left out as outliers: a hollow magenta ring, unlike any route or stop colour. */
export const OUTLIER_COLOR = '#c2187a';
export const VEHICLE_COLOR = '#10243e';

/** Same stack as the built-in style (scripts/build-basemap.ts): drawn from local fonts, no glyph server. */
export const LABEL_FONT = ['system-ui', 'sans-serif'];

/** Layer-order anchors added by MapView: each overlay inserts itself below its anchor, so mount order never matters. */
export const ANCHORS = {
  gaps: 'rl-anchor-gaps',
  route: 'rl-anchor-route',
  stops: 'rl-anchor-stops',
} as const;
