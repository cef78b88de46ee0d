import { LIMIT_COLORS, SPEED_COLORS } from '../../map/index.ts';
import type { TierBound } from '../../../../shared/roads/tiers.ts';
import { limitLegend } from './limit-hover.ts';

/** How the route is coloured: by speed against the fleet's threshold, or by mph over the road's limit. */
export type RouteColouring = 'speed' | 'limit';

const SPEED_LEGEND: { key: keyof typeof SPEED_COLORS; label: string }[] = [
  { key: 'slow', label: 'Slow' },
  { key: 'normal', label: 'Normal' },
  { key: 'near', label: 'Near limit' },
  { key: 'over', label: 'Speeding' },
  { key: 'unknown', label: 'Speed unknown' },
];

/** The legend's colour entries of the route as coloured. */
export function RouteColourLegend({ colouring, tiers }: { colouring: RouteColouring; tiers: readonly TierBound[] }) {
  const rows =
    colouring === 'limit'
      ? limitLegend(tiers).map((r) => ({ key: r.cls, label: r.label, color: LIMIT_COLORS[r.cls] }))
      : SPEED_LEGEND.map((r) => ({ key: r.key, label: r.label, color: SPEED_COLORS[r.key] }));
  return (
    <>
      {rows.map((r) => (
        <span key={r.key} data-testid="legend-route-class" data-class={r.key}>
          <i style={{ background: r.color }} /> {r.label}
        </span>
      ))}
    </>
  );
}

/** The choice of colouring, beside the basemap's: offered only when road limits are kept. */
export function RouteColouringToggle({
  value,
  onChange,
}: {
  value: RouteColouring;
  onChange: (c: RouteColouring) => void;
}) {
  const next: RouteColouring = value === 'limit' ? 'speed' : 'limit';
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="review-route-colouring"
      data-colouring={value}
      aria-pressed={value === 'limit'}
      title={
        value === 'limit'
          ? 'The route is coloured by mph over the road’s limit; click to colour it by speed against the fleet’s threshold'
          : 'The route is coloured by speed against the fleet’s threshold; click to colour it by mph over the road’s limit'
      }
      onClick={() => onChange(next)}
    >
      {value === 'limit' ? 'Colour: over limit' : 'Colour: speed'}
    </button>
  );
}
