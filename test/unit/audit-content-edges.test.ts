/**
 * What goes into an audit bundle at its edges (shared/audit/bundle-content.ts), on readings written by hand:
 * breadcrumbs.csv carries the local time of the bundle's zone (and no local column for a UTC bundle), and a
 * day without readings is not a day with data.
 */
import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { auditContent, type AuditSource } from '../../shared/audit/bundle-content.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

const reading = (id: string, iso: string): Breadcrumb => ({
  id,
  t: Date.parse(iso),
  lat: 41.8,
  lng: -87.6,
  speed: 0,
  status: 'STATIONARY',
  direction: 0,
  location: 'Chicago, IL',
  vehicleNumber: 'T-1',
  vin: 'VIN1',
});

/** Two readings on 2 Nov 2026 (Chicago on CST, -06:00 since 1 Nov) and an empty 3 Nov. */
const chunks = [
  buildDayChunk('veh-1', '2026-11-02', [
    reading('r1', '2026-11-02T15:00:00.000Z'),
    reading('r2', '2026-11-02T15:01:00.000Z'),
  ]),
  buildDayChunk('veh-1', '2026-11-03', []),
];

const source = (zone: string): AuditSource => ({
  app: { name: 'RouteLens', version: 'test' },
  apiBaseUrl: 'https://api.example.com/v2',
  meta: {
    carrierName: 'Prairie',
    dotNumber: '1',
    vehicleId: 'veh-1',
    vehicleNumber: 'T-1',
    vin: 'VIN1',
    zone,
    dayZone: zone,
    from: '2026-11-02',
    to: '2026-11-03',
    generatedAt: Date.UTC(2026, 10, 20),
  },
  chunks,
  params: resolveAnalysisParams({}),
  days: [],
  rejected: 0,
});

const csvOf = (zone: string) => [...auditContent(source(zone)).files['breadcrumbs.csv']()].join('');

describe('audit bundle content at its edges', () => {
  it('writes breadcrumbs.csv with each reading’s local time on the bundle zone’s clock', () => {
    const lines = csvOf('America/Chicago').trim().split('\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['id', 'timestamp', 'local_time']);
    expect(lines[1]).toContain('2026-11-02T09:00:00-06:00');
    expect(lines[2]).toContain('2026-11-02T09:01:00-06:00');
  });

  it('writes no local time column for a UTC bundle', () => {
    const header = csvOf('UTC').trim().split('\n')[0]!;
    expect(header.split(',')).not.toContain('local_time');
  });

  it('counts a day without readings among the days asked, not among the days with data', () => {
    const { counts } = auditContent(source('UTC'));
    expect(counts).toMatchObject({ records: 2, daysAsked: 2, daysWithData: 1 });
  });
});
