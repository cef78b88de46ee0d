import type { Interval } from '../time/local-day.ts';
import { CSV_EOL, csvTextCell } from '../export/csv.ts';
import { formatFigure } from '../export/format.ts';
import type { InboxEvent } from '../inbox/events.ts';
import { marksForEvents, type ReviewMark } from '../inbox/trail.ts';
import { TIER_NAMES, type OverLimitTier } from '../roads/tiers.ts';
import { driverOf, fullName } from './attribution.ts';
import type { DriverName, ProbableHosConflict, SpanAttribution } from './types.ts';

/**
 * Driver scorecards: the vehicle scorecards' figures (shared/inbox/scorecards.ts), per driver instead of per
 * truck. Attribution: a trip's miles and driving hours go to the driver at its start, and an event to the
 * driver at its start (the issue's rule; a trip whose assignment changed is not split, since the readings
 * between are the same truck's and the change instant is only as exact as the assignment). Trips and
 * events nobody is assigned to form the "unassigned" row (driverId null), so the rows add up to the fleet.
 */
export interface DriverTripInput {
  startMs: number;
  distanceMiles: number;
  movingSeconds: number;
  driver: SpanAttribution;
}

export interface DriverEventInput {
  event: InboxEvent;
  driver: SpanAttribution;
}

/** One driver's figures over one range. */
export interface DriverFigures {
  trips: number;
  miles: number;
  drivingHours: number;
  speedingEvents: number;
  /** null without miles. */
  speedingPer1000Mi: number | null;
  /** Time above the flat speeding threshold, hours. */
  speedingHours: number;
  /** Over-the-limit events by tier (0 each without road limits). */
  overLimitByTier: Record<OverLimitTier, number>;
  /** Over-the-limit events of every tier per 1,000 mi; null without miles or road limits. */
  overLimitPer1000Mi: number | null;
  overLimitPer1000MiByTier: Record<OverLimitTier, number | null>;
  /** Time over the road's limit (every tier), hours; null without road limits. */
  overLimitHours: number | null;
  gaps: number;
  hosConflicts: number;
  /** Events of the driver carrying any review mark. */
  reviewed: number;
  /** Events of the driver marked coached. */
  coached: number;
}

export interface DriverScorecard {
  carrierId: string;
  /** null: the trips and events nobody was assigned to. */
  driverId: string | null;
  username: string;
  name: string;
  current: DriverFigures;
  /** The range of equal length just before (the trend). */
  previous: DriverFigures;
}

export interface DriverScorecardInput {
  carrierId: string;
  /** The range; the previous one is the same length just before it. Trips, events and conflicts count by start. */
  range: Interval;
  trips: readonly DriverTripInput[];
  events: readonly DriverEventInput[];
  conflicts: readonly ProbableHosConflict[];
  marks: readonly ReviewMark[];
  names: ReadonlyMap<string, DriverName>;
  /** Whether the events were judged against road limits; absent or false: the over-limit figures are null, never 0. */
  roadLimits?: boolean;
}

interface Tally {
  trips: number;
  miles: number;
  movingSeconds: number;
  speeding: number;
  speedingSeconds: number;
  overLimit: Record<OverLimitTier, number>;
  overLimitSeconds: number;
  gaps: number;
  conflicts: number;
  reviewed: number;
  coached: number;
}

const emptyTally = (): Tally => ({
  trips: 0,
  miles: 0,
  movingSeconds: 0,
  speeding: 0,
  speedingSeconds: 0,
  overLimit: Object.fromEntries(TIER_NAMES.map((t) => [t, 0])) as Record<OverLimitTier, number>,
  overLimitSeconds: 0,
  gaps: 0,
  conflicts: 0,
  reviewed: 0,
  coached: 0,
});

const UNASSIGNED_KEY = '';

/** Every driver with a trip, event or conflict in either range, by username; the unassigned row last. */
export function driverScorecards(input: DriverScorecardInput): DriverScorecard[] {
  const length = input.range.endMs - input.range.startMs;
  const previousStart = input.range.startMs - length;
  const tallies = new Map<string, [Tally, Tally]>();
  const tallyOf = (driverId: string | null, ms: number): Tally | null => {
    if (!(ms >= previousStart && ms < input.range.endMs)) return null;
    const key = driverId ?? UNASSIGNED_KEY;
    let pair = tallies.get(key);
    if (!pair) {
      pair = [emptyTally(), emptyTally()];
      tallies.set(key, pair);
    }
    return pair[ms >= input.range.startMs ? 0 : 1];
  };
  for (const { startMs, distanceMiles, movingSeconds, driver } of input.trips) {
    const t = tallyOf(driverOf(driver.start), startMs);
    if (!t) continue;
    t.trips++;
    t.miles += distanceMiles;
    t.movingSeconds += movingSeconds;
  }
  const marks = marksForEvents(
    input.events.map((e) => e.event),
    input.marks,
  );
  for (const { event, driver } of input.events) {
    const t = tallyOf(driverOf(driver.start), event.startMs);
    if (!t) continue;
    if (event.kind === 'speeding') {
      t.speeding++;
      t.speedingSeconds += event.durationSeconds;
    } else if (event.kind === 'over-limit' && event.tier !== null) {
      t.overLimit[event.tier]++;
      t.overLimitSeconds += event.durationSeconds;
    } else if (event.kind === 'gap') t.gaps++;
    const mark = marks.get(event.key);
    if (mark) t.reviewed++;
    if (mark?.state === 'coached') t.coached++;
  }
  for (const c of input.conflicts) {
    if (c.carrierId !== input.carrierId) continue;
    const t = tallyOf(c.driverId, c.atMs);
    if (t) t.conflicts++;
  }
  const rows = [...tallies].map(([key, [current, previous]]): DriverScorecard => {
    const driverId = key === UNASSIGNED_KEY ? null : key;
    const known = driverId === null ? undefined : input.names.get(driverId);
    return {
      carrierId: input.carrierId,
      driverId,
      username: driverId === null ? '' : (known?.username ?? driverId),
      name: driverId === null ? 'Unassigned' : known ? fullName(known) : '',
      current: figuresOf(current, input.roadLimits === true),
      previous: figuresOf(previous, input.roadLimits === true),
    };
  });
  return rows.sort((a, b) =>
    a.driverId === null || b.driverId === null
      ? Number(a.driverId === null) - Number(b.driverId === null)
      : a.username.localeCompare(b.username, 'en', { numeric: true }),
  );
}

const per1000 = (n: number, miles: number) => (miles > 0 ? (n * 1000) / miles : null);

function figuresOf(t: Tally, roadLimits: boolean): DriverFigures {
  const overLimit = TIER_NAMES.reduce((s, tier) => s + t.overLimit[tier], 0);
  const judged = (x: number | null) => (roadLimits ? x : null);
  return {
    trips: t.trips,
    miles: t.miles,
    drivingHours: t.movingSeconds / 3600,
    speedingEvents: t.speeding,
    speedingPer1000Mi: per1000(t.speeding, t.miles),
    speedingHours: t.speedingSeconds / 3600,
    overLimitByTier: { ...t.overLimit },
    overLimitPer1000Mi: judged(per1000(overLimit, t.miles)),
    overLimitPer1000MiByTier: Object.fromEntries(
      TIER_NAMES.map((tier) => [tier, judged(per1000(t.overLimit[tier], t.miles))]),
    ) as Record<OverLimitTier, number | null>,
    overLimitHours: judged(t.overLimitSeconds / 3600),
    gaps: t.gaps,
    hosConflicts: t.conflicts,
    reviewed: t.reviewed,
    coached: t.coached,
  };
}

/** One figure column of the CSV: its name and how it is written (empty for a null rate). */
interface FigureColumn {
  name: string;
  cell: (f: DriverFigures) => string;
}

const fixed = (n: number | null, decimals: number) => (n === null || !Number.isFinite(n) ? '' : n.toFixed(decimals));

/** The figure columns, in order: each appears for the range and again, prefixed `previous_`, for the one before. */
export const DRIVER_FIGURE_COLUMNS: readonly FigureColumn[] = [
  { name: 'trips', cell: (f) => String(f.trips) },
  { name: 'miles', cell: (f) => formatFigure(f.miles, 'miles') },
  { name: 'driving_hours', cell: (f) => fixed(f.drivingHours, 2) },
  { name: 'speeding_events', cell: (f) => String(f.speedingEvents) },
  { name: 'speeding_per_1000_mi', cell: (f) => fixed(f.speedingPer1000Mi, 2) },
  { name: 'speeding_hours', cell: (f) => fixed(f.speedingHours, 2) },
  { name: 'over_limit_per_1000_mi', cell: (f) => fixed(f.overLimitPer1000Mi, 2) },
  ...TIER_NAMES.flatMap((tier): FigureColumn[] => [
    { name: `over_limit_${tier}`, cell: (f) => String(f.overLimitByTier[tier]) },
    { name: `over_limit_${tier}_per_1000_mi`, cell: (f) => fixed(f.overLimitPer1000MiByTier[tier], 2) },
  ]),
  { name: 'over_limit_hours', cell: (f) => fixed(f.overLimitHours, 2) },
  { name: 'gaps', cell: (f) => String(f.gaps) },
  { name: 'probable_hos_conflicts', cell: (f) => String(f.hosConflicts) },
  { name: 'reviewed', cell: (f) => String(f.reviewed) },
  { name: 'coached', cell: (f) => String(f.coached) },
];

export const DRIVER_SCORECARD_CSV_HEADER: readonly string[] = [
  'driver_username',
  'driver_name',
  ...DRIVER_FIGURE_COLUMNS.map((c) => c.name),
  ...DRIVER_FIGURE_COLUMNS.map((c) => `previous_${c.name}`),
];

/** The scorecards as CSV (CRLF, text cells neutralised and quoted), in the rows' order. */
export function driverScorecardsCsv(rows: readonly DriverScorecard[]): string {
  const lines = [DRIVER_SCORECARD_CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        csvTextCell(r.username),
        csvTextCell(r.name),
        ...DRIVER_FIGURE_COLUMNS.map((c) => c.cell(r.current)),
        ...DRIVER_FIGURE_COLUMNS.map((c) => c.cell(r.previous)),
      ].join(','),
    );
  }
  return lines.join(CSV_EOL) + CSV_EOL;
}
