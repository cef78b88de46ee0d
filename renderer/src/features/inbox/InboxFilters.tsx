import { EVENT_KIND_ROWS, KINDS_BY_PRIORITY } from '../../../../shared/analysis/event-kinds.ts';
import { INBOX_KINDS, type InboxKind } from '../../../../shared/inbox/events.ts';
import type { InboxSortKey } from '../../../../shared/inbox/filter.ts';
import { TIERS_WORST_FIRST, type Scorecard } from '../../../../shared/inbox/scorecards.ts';
import { TIER_NAMES, type OverLimitTier } from '../../../../shared/roads/tiers.ts';
import type { InboxQuery } from './inbox-query.ts';
import { DriverSelect } from './InboxDriverSelect.tsx';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import type { DriverName } from '../../../../shared/drivers/types.ts';
import { REVIEW_STATE_ROWS, REVIEW_STATES } from '../../../../shared/inbox/trail.ts';

const SORT_TEXT: Record<InboxSortKey, string> = {
  // The order priorityOrder (shared/inbox/filter.ts) sorts in: kinds by priority, over-the-limit by tier within.
  priority: `Priority (${KINDS_BY_PRIORITY.map((k) => `${EVENT_KIND_ROWS[k].inSentence}${k === 'over-limit' ? ' by tier' : ''}`).join(', ')})`,
  severity: 'Severity',
  time: 'Time',
  duration: 'Duration',
  vehicle: 'Vehicle',
};

/** What each direction means for each sort: [descending, ascending]. */
const DIR_TEXT: Record<InboxSortKey, [string, string]> = {
  priority: ['Act on first', 'Act on last'],
  severity: ['Worst first', 'Mildest first'],
  time: ['Newest first', 'Oldest first'],
  duration: ['Longest first', 'Shortest first'],
  vehicle: ['Z → A', 'A → Z'],
};

const numeric = new Intl.Collator('en-US', { numeric: true });

/** The vehicle choices by carrier (carriers by name), each carrier's vehicles by number (T-2 before T-10). */
function vehicleGroups(vehicles: readonly Scorecard[], carrierLabel: (id: string) => string) {
  const byCarrier = new Map<string, Scorecard[]>();
  for (const v of vehicles) byCarrier.set(v.carrierId, [...(byCarrier.get(v.carrierId) ?? []), v]);
  return [...byCarrier]
    .map(([carrierId, list]) => ({
      carrierId,
      label: carrierLabel(carrierId),
      vehicles: [...list].sort((a, b) => numeric.compare(a.vehicleNumber, b.vehicleNumber)),
    }))
    .sort((a, b) => numeric.compare(a.label, b.label));
}

/** The over-the-limit tiers as chips, worst first, each with its count; they narrow that kind only. */
function TierChips({
  q,
  onChange,
  tierCounts,
}: {
  q: InboxQuery;
  onChange: (patch: Partial<InboxQuery>) => void;
  tierCounts: Record<OverLimitTier, number> | undefined;
}) {
  const toggle = (t: OverLimitTier) =>
    onChange({
      tiers: q.tiers.includes(t)
        ? q.tiers.filter((x) => x !== t)
        : TIER_NAMES.filter((x) => x === t || q.tiers.includes(x)),
    });
  const kindShown = q.kinds.includes('over-limit');
  return (
    <div
      className="inbox-kinds inbox-tiers"
      role="group"
      aria-label="Over-the-limit tiers"
      title={kindShown ? undefined : 'Tick "Over the limit" to list these events'}
    >
      {TIERS_WORST_FIRST.map((t) => (
        <button
          key={t}
          type="button"
          className={`chip tier-${t}`}
          aria-pressed={q.tiers.includes(t)}
          disabled={!kindShown}
          data-testid={`inbox-tier-${t}`}
          data-count={tierCounts?.[t]}
          onClick={() => toggle(t)}
        >
          {t}
          {tierCounts && <strong> {tierCounts[t].toLocaleString('en-US')}</strong>}
        </button>
      ))}
    </div>
  );
}

/** The inbox's filters: kinds with their counts, over-the-limit tiers, vehicle, driver, severity, day, place, review state; sort and grouping. */
export function InboxFilters({
  q,
  onChange,
  counts,
  tierCounts,
  vehicles,
  events = NO_EVENTS,
  driverNames = NO_NAMES,
  carrierLabel,
}: {
  q: InboxQuery;
  onChange: (patch: Partial<InboxQuery>) => void;
  counts: Record<InboxKind, number>;
  /** Over-the-limit events per tier that every other filter lets through. */
  tierCounts?: Record<OverLimitTier, number>;
  vehicles: readonly Scorecard[];
  /** The range's events with their drivers: the Driver filter's choices. */
  events?: readonly InboxEvent[];
  driverNames?: ReadonlyMap<string, ReadonlyMap<string, DriverName>>;
  carrierLabel: (carrierId: string) => string;
}) {
  const toggleKind = (k: InboxKind) =>
    onChange({
      kinds: q.kinds.includes(k)
        ? q.kinds.filter((x) => x !== k)
        : INBOX_KINDS.filter((x) => x === k || q.kinds.includes(x)),
    });
  const number = (text: string, max: number) => {
    const n = Number(text);
    return Number.isFinite(n) && n >= 0 ? Math.min(max, n) : 0;
  };
  return (
    <div className="inbox-filters" data-testid="inbox-filters">
      <div className="inbox-kinds" role="group" aria-label="Kinds">
        {INBOX_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={`chip event-${k}`}
            aria-pressed={q.kinds.includes(k)}
            data-testid={`inbox-kind-${k}`}
            data-count={counts[k]}
            onClick={() => toggleKind(k)}
          >
            {EVENT_KIND_ROWS[k].label} <strong>{counts[k].toLocaleString('en-US')}</strong>
          </button>
        ))}
      </div>
      <TierChips q={q} onChange={onChange} tierCounts={tierCounts} />
      <label>
        Vehicle{' '}
        <select
          data-testid="inbox-vehicle"
          value={q.vehicleId ?? ''}
          onChange={(e) => onChange({ vehicleId: e.target.value || null })}
        >
          <option value="">All vehicles</option>
          {vehicleGroups(vehicles, carrierLabel).map((g) => (
            <optgroup key={g.carrierId} label={g.label} data-testid="inbox-vehicle-group">
              {g.vehicles.map((v) => (
                <option key={`${v.carrierId}|${v.vehicleId}`} value={v.vehicleId}>
                  {v.vehicleNumber}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <DriverSelect q={q} onChange={onChange} events={events} names={driverNames} />
      <label title="Speeding and over-the-limit events at least this far over their limit (other kinds are not held to it)">
        Over by ≥{' '}
        <input
          type="number"
          min={0}
          max={200}
          step={1}
          className="input-narrow"
          data-testid="inbox-min-over"
          value={q.minOverMph}
          onChange={(e) => onChange({ minOverMph: number(e.target.value, 200) })}
        />{' '}
        mph
      </label>
      <label>
        Lasting ≥{' '}
        <input
          type="number"
          min={0}
          max={1440}
          step={1}
          className="input-narrow"
          data-testid="inbox-min-minutes"
          value={q.minMinutes}
          onChange={(e) => onChange({ minMinutes: number(e.target.value, 1440) })}
        />{' '}
        min
      </label>
      <label>
        Day{' '}
        <input
          type="date"
          data-testid="inbox-day"
          value={q.day ?? ''}
          min={q.from || undefined}
          max={q.to || undefined}
          onChange={(e) => onChange({ day: e.target.value || null })}
        />
      </label>
      <label>
        Place{' '}
        <input
          type="search"
          data-testid="inbox-place"
          placeholder="e.g. Amarillo"
          maxLength={100}
          value={q.place}
          onChange={(e) => onChange({ place: e.target.value })}
        />
      </label>
      <label>
        Status{' '}
        <select
          data-testid="inbox-review"
          value={q.review}
          onChange={(e) => onChange({ review: e.target.value as InboxQuery['review'] })}
        >
          <option value="any">All</option>
          <option value="open">Not reviewed</option>
          {REVIEW_STATES.map((s) => (
            <option key={s} value={s}>
              {REVIEW_STATE_ROWS[s].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort{' '}
        <select
          data-testid="inbox-sort"
          value={q.sort}
          onChange={(e) => onChange({ sort: e.target.value as InboxSortKey })}
        >
          {(Object.keys(SORT_TEXT) as InboxSortKey[]).map((k) => (
            <option key={k} value={k}>
              {SORT_TEXT[k]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-small"
        data-testid="inbox-dir"
        data-dir={q.dir}
        onClick={() => onChange({ dir: q.dir === 'descending' ? 'ascending' : 'descending' })}
      >
        {DIR_TEXT[q.sort][q.dir === 'descending' ? 0 : 1]}
      </button>
      <label>
        Group{' '}
        <select
          data-testid="inbox-group"
          value={q.group}
          onChange={(e) => onChange({ group: e.target.value as InboxQuery['group'] })}
        >
          <option value="none">None</option>
          <option value="vehicle">By vehicle</option>
          <option value="day">By day</option>
        </select>
      </label>
    </div>
  );
}

const NO_EVENTS: readonly InboxEvent[] = [];
const NO_NAMES: ReadonlyMap<string, ReadonlyMap<string, DriverName>> = new Map();
