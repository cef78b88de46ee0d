/**
 * The analysis columns stored at ingest (shared/analysis/analysis-columns.ts) against the full chunks:
 * the safety inbox's results (each local day's part, and the vehicle's events and scorecard joined from them)
 * are equal whichever the inbox read, on random tracks with outliers, many places and per-reading identities
 * in zones whose days are not UTC days, and on the real recordings; the place dictionary and the shape check.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import { inboxVehicle } from '../../shared/inbox/vehicle.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import {
  analysisColumnsOf,
  chunkOfAnalysisColumns,
  isAnalysisColumnsRow,
} from '../../shared/analysis/analysis-columns.ts';
import { partsOf, roadsAlong } from '../support/day-parts.ts';
import { loadTrace, traceChunks } from '../support/realdata.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const P = DEFAULT_ANALYSIS_PARAMS;
const SHORT_STOPS: AnalysisParams = { ...P, minStopSeconds: 120, longStopSeconds: 1800, gapSeconds: 600 };

/** Through the stored form: what the inbox reads back for each UTC day. */
const throughColumns = (utc: readonly DayChunk[]) =>
  utc.map((c) => chunkOfAnalysisColumns(structuredClone(analysisColumnsOf('carrier-1', c))));

/** The inbox's results over every local day of the chunks, from the chunks given. */
function inboxOf(utc: readonly DayChunk[], zone: string, p: AnalysisParams) {
  const roads = roadsAlong(utc);
  const { local, parts } = partsOf(utc, zone, p, roads);
  const days = local.map((c) => c.day);
  const vehicle = inboxVehicle({ carrierId: 'carrier-1', vehicleId: utc[0]!.vehicleId, zone }, parts, p, days, true);
  return { parts, vehicle };
}

function expectSameInbox(utc: readonly DayChunk[], zone: string, p: AnalysisParams) {
  const full = inboxOf(utc, zone, p);
  const lean = inboxOf(throughColumns(utc), zone, p);
  expect(lean.parts).toEqual(full.parts);
  expect(lean.vehicle).toEqual(full.vehicle);
  return full;
}

/** A random track whose readings carry many places, ids and, on some days, their own identities. */
function busyTrack(seed: number): DayChunk[] {
  const utc = toDayChunks(`truck-${seed}`, generateRandomTrack(seed, 6));
  for (const [k, c] of utc.entries()) {
    c.vehicleNumber = `U${seed}`;
    c.vin = `VIN${seed}`;
    c.id = Array.from({ length: c.length }, (_, i) => `${c.day}-${i}`);
    c.location = Array.from({ length: c.length }, (_, i) => (i % 11 === 0 ? '' : `Place ${Math.floor(i / 40)}, ST`));
    if (k % 2 === 1)
      c.identityAt = {
        vehicleNumber: Array.from({ length: c.length }, (_, i) => (i % 5 === 0 ? 'OTHER' : c.vehicleNumber)),
        vin: new Array<string>(c.length).fill(c.vin),
      };
  }
  return utc;
}

describe('the inbox from the analysis columns equals the inbox from the full chunks', () => {
  for (const seed of [3, 17, 41])
    it(`random track ${seed}: every local day's part and the vehicle's events and scorecard, in UTC and America/Chicago`, () => {
      const utc = busyTrack(seed);
      let events = 0;
      for (const zone of ['UTC', 'America/Chicago'])
        for (const p of [P, SHORT_STOPS]) events += expectSameInbox(utc, zone, p).vehicle!.events.length;
      // Events with places: the places the columns give back are what the events show.
      expect(events).toBeGreaterThan(0);
    });

  for (const [trace, zone] of [
    ['dg100-ontario', 'America/Toronto'],
    ['iblue747-leipzig', 'Europe/Berlin'],
  ] as const)
    it(`${trace}: every local day's part and the vehicle's events and scorecard, in UTC and ${zone}`, () => {
      const utc = traceChunks(loadTrace(trace, '2026-11-20'));
      let events = 0;
      for (const z of ['UTC', zone])
        for (const p of [P, SHORT_STOPS]) events += expectSameInbox(utc, z, p).vehicle!.events.length;
      expect(events).toBeGreaterThan(0);
    });
});

describe('analysis columns', () => {
  it('keep each place once and give every reading its own place back', () => {
    const [day] = busyTrack(5);
    const row = analysisColumnsOf('c', day!);
    expect(new Set(row.places).size).toBe(row.places.length);
    expect(row.places.length).toBe(new Set(day!.location).size);
    expect(row.placeAt).toBeInstanceOf(Uint16Array);
    expect(chunkOfAnalysisColumns(row).location).toEqual(day!.location);
  });

  it('index places with 32 bits when a day has more than 65,536 of them', () => {
    const [day] = toDayChunks('v', generateRandomTrack(9, 1));
    const n = 70_000;
    const wide: DayChunk = {
      ...day!,
      length: n,
      t: Float64Array.from({ length: n }, (_, i) => day!.t[0]! + i * 1000),
      lat: new Float64Array(n),
      lng: new Float64Array(n),
      speed: new Float64Array(n),
      direction: new Float64Array(n),
      status: new Uint8Array(n),
      id: new Array<string>(n).fill(''),
      location: Array.from({ length: n }, (_, i) => `place ${i}`),
    };
    const row = analysisColumnsOf('c', wide);
    expect(row.placeAt).toBeInstanceOf(Uint32Array);
    expect(chunkOfAnalysisColumns(row).location[n - 1]).toBe(`place ${n - 1}`);
  });

  it('a row of another shape or with a place index out of its dictionary is not taken for one', () => {
    const [day] = busyTrack(7);
    const row = analysisColumnsOf('c', day!);
    expect(isAnalysisColumnsRow(structuredClone(row))).toBe(true);
    expect(isAnalysisColumnsRow({ ...row, speed: new Float64Array(row.length + 1) })).toBe(false);
    expect(isAnalysisColumnsRow({ ...row, placeAt: Uint16Array.from(row.placeAt, () => row.places.length) })).toBe(
      false,
    );
    expect(isAnalysisColumnsRow({ ...row, places: undefined })).toBe(false);
    expect(isAnalysisColumnsRow({ chunk: day })).toBe(false);
    expect(isAnalysisColumnsRow(null)).toBe(false);
  });
});
