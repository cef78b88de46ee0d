import { describe, expect, it } from 'vitest';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { localRangeInterval, utcDaysOfLocalRange } from '../../shared/time/local-day.ts';
import { syncVehicleHistory } from '../../electron/node/sync/sync-vehicle-history.ts';
import { collect, scripted } from './sync-scripted.ts';

/**
 * Readings exactly on the carrier's local midnight and at 23:59:59.999 local, through the whole path a local
 * selection takes: the UTC days to sync for it, the sync engine, and the regrouping into local days. Every
 * instant is a literal ISO time with its offset, and every expected day is written out, not computed.
 */
const reading = (iso: string, id: string): Breadcrumb => ({
  id,
  t: Date.parse(iso),
  lat: 41,
  lng: -99,
  speed: 40,
  status: 'IN_MOTION',
  direction: 0,
  location: '',
  vehicleNumber: '7',
  vin: 'V',
});

interface Case {
  zone: string;
  /** The UTC days that hold local 2026-02-02..2026-02-03, written out. */
  utcDays: string[];
  readings: [iso: string, id: string][];
  /** Each kept reading's local day; readings not listed are outside the selection. */
  localDay: Record<string, string>;
}

const CASES: Case[] = [
  {
    zone: 'America/Chicago', // UTC-6 in February
    utcDays: ['2026-02-02', '2026-02-03', '2026-02-04'],
    readings: [
      ['2026-02-01T23:59:59.999-06:00', 'before'],
      ['2026-02-02T00:00:00.000-06:00', 'first-midnight'],
      ['2026-02-02T23:59:59.999-06:00', 'first-last-ms'],
      ['2026-02-03T00:00:00.000-06:00', 'second-midnight'],
      ['2026-02-03T23:59:59.999-06:00', 'last-ms'],
      ['2026-02-04T00:00:00.000-06:00', 'after'],
    ],
    localDay: {
      'first-midnight': '2026-02-02',
      'first-last-ms': '2026-02-02',
      'second-midnight': '2026-02-03',
      'last-ms': '2026-02-03',
    },
  },
  {
    zone: 'Asia/Kolkata', // UTC+5:30: local midnight is 18:30 UTC the day before
    utcDays: ['2026-02-01', '2026-02-02', '2026-02-03'],
    readings: [
      ['2026-02-01T23:59:59.999+05:30', 'before'],
      ['2026-02-02T00:00:00.000+05:30', 'first-midnight'],
      ['2026-02-02T23:59:59.999+05:30', 'first-last-ms'],
      ['2026-02-03T00:00:00.000+05:30', 'second-midnight'],
      ['2026-02-03T23:59:59.999+05:30', 'last-ms'],
      ['2026-02-04T00:00:00.000+05:30', 'after'],
    ],
    localDay: {
      'first-midnight': '2026-02-02',
      'first-last-ms': '2026-02-02',
      'second-midnight': '2026-02-03',
      'last-ms': '2026-02-03',
    },
  },
];

describe('sync over local days: readings on local midnight', () => {
  for (const c of CASES) {
    it(`keeps a reading at 00:00:00.000 and at 23:59:59.999 local on its local day, drops those just outside (${c.zone})`, async () => {
      const from = '2026-02-02';
      const to = '2026-02-03';
      const days = utcDaysOfLocalRange(from, to, c.zone);
      expect(days).toEqual(c.utcDays);
      const points = c.readings.map(([iso, id]) => reading(iso, id));
      // An inclusive server: each UTC day's readings, by the literal instant's own UTC date.
      const src = scripted({
        page: (d) => ({ records: points.filter((p) => new Date(p.t).toISOString().startsWith(d)), rejected: [] }),
      });
      const sink = collect();
      await syncVehicleHistory({
        client: src.source,
        vehicleId: 'v',
        from: days[0]!,
        to: days.at(-1)!,
        today: '2026-03-01',
        have: () => 'missing',
        onDay: sink.onDay,
      });
      const utcChunks = sink.emits.map((e) => e.chunk).sort((a, b) => (a.day < b.day ? -1 : 1));
      const local = localDayChunks(utcChunks, c.zone, localRangeInterval(from, to, c.zone));
      const got: Record<string, string> = {};
      for (const chunk of local) for (const p of chunkPoints(chunk)) got[p.id] = chunk.day;
      expect(got).toEqual(c.localDay);
    });
  }
});
