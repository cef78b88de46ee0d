import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { createAttributor } from '../../shared/drivers/attribution.ts';
import type { Assignment, DriverName } from '../../shared/drivers/types.ts';
import type { ExportContext } from '../../shared/export/context.ts';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import { EVENTS_CSV_COLUMNS, eventsCsv } from '../../shared/export/events-csv.ts';
import { TRIPS_CSV_COLUMNS, tripsCsv } from '../../shared/export/trips-csv.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const VEHICLE = 'veh-7';
const analysis = analyzeTrack(toDayChunks(VEHICLE, generateRandomTrack(23, 10, { vehicleNumber: 'T-101' })));
const CONTEXT: ExportContext = {
  carrierName: 'Acme Freight',
  dotNumber: '3148272',
  vehicleId: VEHICLE,
  vehicleNumber: 'T-101',
  vin: '1FUJGLDR9CLBP8834',
  zone: 'America/Chicago',
};
const REGULAR: DriverName = { driverId: 'd-reg', username: 'rregular', firstName: 'Rita', lastName: 'Regular' };
// A username a spreadsheet would run as a formula: the cell must be neutralised.
const RELIEF: DriverName = { driverId: 'd-rel', username: '=relief', firstName: 'Ray', lastName: 'Relief, Jr.' };
const names = new Map([REGULAR, RELIEF].map((d) => [d.driverId, d]));

const text = (pieces: Iterable<string>) => [...pieces].join('');
const assignment = (driverId: string, fromMs: number | null, toMs: number | null): Assignment => ({
  id: `${VEHICLE}|${fromMs ?? 'regular'}`,
  carrierId: 'c',
  driverId,
  vehicleId: VEHICLE,
  fromMs,
  toMs,
  source: 'import',
  createdAt: 0,
});

/**
 * The relief driver takes the truck from the middle of trip 2 to the middle of trip 5; without a regular
 * driver nothing else is covered. Expected cells follow from those instants alone.
 */
const trips = analysis.trips;
const mid = (k: number) => Math.round((trips[k]!.startMs + trips[k]!.endMs) / 2);
const FROM = mid(2);
const TO = mid(5);
const covered = (ms: number) => ms >= FROM && ms < TO;

function expectedTripCells(startMs: number, endMs: number, regular: boolean): string[] {
  const other = regular ? ['rregular', 'Rita Regular'] : ['', ''];
  const start = covered(startMs) ? ['=relief', 'Ray Relief, Jr.'] : other;
  const changes: string[] = [];
  if (startMs < FROM && FROM <= endMs) changes.push('=relief');
  if (startMs < TO && TO <= endMs) changes.push(regular ? 'rregular' : 'unassigned');
  if (changes.length > 0) {
    const first = covered(startMs) ? '=relief' : regular ? 'rregular' : 'unassigned';
    return [...start, `changed: ${[first, ...changes].join(' → ')}`];
  }
  return [...start, covered(startMs) ? 'dated' : regular ? 'regular' : 'unassigned'];
}

describe('driver columns of the trips and events CSVs', () => {
  for (const regular of [false, true]) {
    const assignments = [assignment('d-rel', FROM, TO), ...(regular ? [assignment('d-reg', null, null)] : [])];
    const drivers = { attributor: createAttributor(assignments), names };

    it(`trips end with the start driver, and name both when the assignment changes mid-trip (${regular ? 'with' : 'without'} a regular driver)`, () => {
      expect(trips.length).toBeGreaterThan(6);
      const [header, ...rows] = parseCsv(text(tripsCsv(analysis, { ...CONTEXT, drivers })));
      expect(header).toEqual([...TRIPS_CSV_COLUMNS, 'driver_username', 'driver_name', 'assignment']);
      rows.forEach((r, k) => {
        const trip = trips[k]!;
        expect(r.slice(-3).map(csvTextValue), `trip ${k}`).toEqual(
          expectedTripCells(trip.startMs, trip.endMs, regular),
        );
      });
      const cells = rows.map((r) => r.at(-1));
      expect(cells[2]).toBe(`changed: ${regular ? 'rregular' : 'unassigned'} → =relief`);
      expect(cells[5]).toBe(`changed: =relief → ${regular ? 'rregular' : 'unassigned'}`);
      // The formula-like username is neutralised where it starts a cell.
      for (const r of rows) expect(r.at(-3)).not.toMatch(/^=/);
    });

    it(`events belong to the driver at their start, never "changed" (${regular ? 'with' : 'without'} a regular driver)`, () => {
      const [header, ...rows] = parseCsv(text(eventsCsv(analysis, { ...CONTEXT, drivers })));
      expect(header).toEqual([...EVENTS_CSV_COLUMNS, 'driver_username', 'driver_name', 'assignment']);
      expect(rows).toHaveLength(analysis.events.length);
      expect(analysis.events.some((e) => covered(e.startMs))).toBe(true);
      expect(analysis.events.some((e) => !covered(e.startMs))).toBe(true);
      rows.forEach((r, k) => {
        const e = analysis.events[k]!;
        const expected = covered(e.startMs)
          ? ['=relief', 'Ray Relief, Jr.', 'dated']
          : regular
            ? ['rregular', 'Rita Regular', 'regular']
            : ['', '', 'unassigned'];
        expect(r.slice(-3).map(csvTextValue)).toEqual(expected);
      });
    });

    it(`keeps every other column where it was, byte for byte (${regular ? 'with' : 'without'} a regular driver)`, () => {
      for (const write of [tripsCsv, eventsCsv]) {
        const plain = text(write(analysis, CONTEXT)).split('\r\n');
        const withDrivers = text(write(analysis, { ...CONTEXT, drivers })).split('\r\n');
        expect(withDrivers).toHaveLength(plain.length);
        withDrivers.forEach((line, i) => {
          if (plain[i] === '') return expect(line).toBe('');
          expect(line.startsWith(`${plain[i]},`)).toBe(true);
          expect(parseCsv(line)[0]).toHaveLength(parseCsv(plain[i]!)[0]!.length + 3);
        });
      }
    });
  }

  it('a driver the roster does not know is named by id, with no name', () => {
    const drivers = { attributor: createAttributor([assignment('d-gone', null, null)]), names };
    const rows = parseCsv(text(tripsCsv(analysis, { ...CONTEXT, drivers }))).slice(1);
    for (const r of rows) expect(r.slice(-3)).toEqual(['d-gone', '', 'regular']);
  });
});
