import { describe, expect, it } from 'vitest';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import type { InboxEvent } from '../../shared/inbox/events.ts';
import { reviseMark, type ReviewMark } from '../../shared/inbox/trail.ts';
import { TRAIL_COLUMNS, trailCsv, trailRows, type TrailMark } from '../../shared/inbox/trail-csv.ts';

/** review_trail.csv: one row per decision, fleet-wide, over a range of each carrier's home-zone days. */
const MIN = 60_000;

function ev(vehicleId: string, startMs: number): InboxEvent {
  return {
    key: `${vehicleId}|speeding|${startMs}`,
    carrierId: 'c',
    vehicleId,
    vehicleNumber: '',
    kind: 'speeding',
    tier: null,
    startMs,
    endMs: startMs + MIN,
    durationSeconds: 60,
    peakSpeedMph: 75,
    overLimitMph: null,
    gapMiles: null,
    lat: 40,
    lng: -90,
    place: '',
    day: '',
  };
}

// 2026-11-21 05:30 UTC is 2026-11-20 23:30 in Chicago (UTC-6) and 2026-11-21 00:30 in New York.
const NEAR_MIDNIGHT = Date.UTC(2026, 10, 21, 5, 30);
const flagged = (e: InboxEvent, at: number, reviewer: string): ReviewMark =>
  reviseMark(e, undefined, { state: 'needs-coaching', note: '', reviewer, at });

function fleet(): TrailMark[] {
  const chicagoEvent = ev('veh-1', NEAR_MIDNIGHT);
  const coached = reviseMark(chicagoEvent, flagged(chicagoEvent, NEAR_MIDNIGHT + MIN, 'dana'), {
    state: 'coached',
    note: '=HYPERLINK("x"), said "slow down"\nagain',
    reviewer: '+Lee',
    at: NEAR_MIDNIGHT + 60 * MIN,
  });
  const eastEvent = ev('veh-9', NEAR_MIDNIGHT);
  return [
    { carrierId: 'west', carrierLabel: 'Prairie', zone: 'America/Chicago', vehicleNumber: 'T-101', mark: coached },
    {
      carrierId: 'east',
      carrierLabel: 'Atlantic',
      zone: 'America/New_York',
      vehicleNumber: '-9',
      mark: flagged(eastEvent, NEAR_MIDNIGHT + 2 * MIN, ''),
    },
  ];
}

describe('the fleet-wide review trail', () => {
  it('counts each event in its carrier’s home-zone day', () => {
    expect(trailRows(fleet(), '2026-11-20', '2026-11-20').map((r) => r.carrierId)).toEqual(['west', 'west']);
    expect(trailRows(fleet(), '2026-11-21', '2026-11-21').map((r) => r.carrierId)).toEqual(['east']);
    expect(trailRows(fleet(), '2026-11-19', '2026-11-19')).toEqual([]);
  });

  it('writes one row per decision, earlier first, formula-neutralised, with CRLF line ends', () => {
    const text = trailCsv(trailRows(fleet(), '2026-11-20', '2026-11-21'));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '').includes('\n\n')).toBe(false);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...TRAIL_COLUMNS]);
    const cell = (r: string[], c: (typeof TRAIL_COLUMNS)[number]) => r[TRAIL_COLUMNS.indexOf(c)]!;
    // Ordered by carrier label: Atlantic first.
    expect(rows.slice(1).map((r) => [cell(r, 'carrier'), cell(r, 'state'), cell(r, 'current')])).toEqual([
      ['Atlantic', 'needs-coaching', 'true'],
      ['Prairie', 'needs-coaching', 'false'],
      ['Prairie', 'coached', 'true'],
    ]);
    const [east, before, after] = [rows[1]!, rows[2]!, rows[3]!];
    expect(cell(east, 'vehicle_number')).toBe("'-9");
    expect(csvTextValue(cell(east, 'vehicle_number'))).toBe('-9');
    expect(cell(east, 'reviewer')).toBe('');
    expect(cell(east, 'day')).toBe('2026-11-21');
    expect(cell(east, 'local_time')).toBe('2026-11-21T00:30:00-05:00');
    expect(cell(before, 'day')).toBe('2026-11-20');
    expect(cell(before, 'start_time')).toBe('2026-11-21T05:30:00Z');
    expect(cell(before, 'local_time')).toBe('2026-11-20T23:30:00-06:00');
    expect(cell(before, 'reviewer')).toBe('dana');
    expect(cell(before, 'decided_at')).toBe('2026-11-21T05:31:00Z');
    expect(cell(after, 'reviewer')).toBe("'+Lee");
    expect(cell(after, 'note')).toBe('\'=HYPERLINK("x"), said "slow down"\nagain');
    expect(cell(after, 'vehicle_id')).toBe('veh-1');
    expect(cell(after, 'kind')).toBe('speeding');
  });
});
