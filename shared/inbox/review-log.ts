import { CSV_EOL, csvTextCell } from '../export/csv.ts';
import { createIsoFormatter, formatFigure } from '../export/format.ts';
import type { InboxEvent } from './events.ts';
import type { ReviewMark } from './trail.ts';

/** `review_log.csv`: each reviewed event's fields, then what was decided, the note and when. */
export const REVIEW_LOG_COLUMNS = [
  'kind',
  'vehicle_id',
  'vehicle_number',
  'day',
  'start_time',
  'end_time',
  'duration_s',
  'peak_speed_mph',
  'over_limit_mph',
  'gap_miles',
  'lat',
  'lng',
  'place',
  'state',
  'note',
  'reviewed_at',
] as const;

/** The log of the events that carry a mark, in the events' order; unmarked events are not listed. */
export function reviewLogCsv(events: readonly InboxEvent[], marks: ReadonlyMap<string, ReviewMark>): string {
  const iso = createIsoFormatter();
  const lines = [REVIEW_LOG_COLUMNS.join(',')];
  for (const e of events) {
    const m = marks.get(e.key);
    if (!m) continue;
    lines.push(
      [
        e.kind,
        e.vehicleId,
        csvTextCell(e.vehicleNumber),
        e.day,
        iso(e.startMs),
        iso(e.endMs),
        formatFigure(e.durationSeconds, 'seconds'),
        e.peakSpeedMph === null ? '' : formatFigure(e.peakSpeedMph, 'mph'),
        e.overLimitMph === null ? '' : formatFigure(e.overLimitMph, 'mph'),
        e.gapMiles === null ? '' : formatFigure(e.gapMiles, 'miles'),
        String(e.lat),
        String(e.lng),
        csvTextCell(e.place),
        m.state,
        csvTextCell(m.note),
        iso(m.reviewedAt),
      ].join(','),
    );
  }
  return lines.join(CSV_EOL) + CSV_EOL;
}
