/**
 * A range joined from its days' parts against analyzeTrack over the range, on the real recordings of
 * ../shared/realdata (test/unit/day-parts.test.ts holds the constructed and random tracks).
 */
import { describe, expect, it } from 'vitest';
import { dayPart } from '../../shared/analysis/day-parts.ts';
import { packDayPart, unpackDayPart } from '../../shared/analysis/day-part-pack.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { expectJoinedEqualsWhole } from '../support/day-parts.ts';
import { loadTrace, traceChunks } from '../support/realdata.ts';

const P = DEFAULT_ANALYSIS_PARAMS;
const SHORT_STOPS = { ...P, minStopSeconds: 120, longStopSeconds: 1800, gapSeconds: 600 };

describe('day parts of the real recordings', () => {
  for (const [trace, zone] of [
    ['dg100-ontario', 'America/Toronto'],
    ['iblue747-leipzig', 'Europe/Berlin'],
  ] as const) {
    it(`${trace}: joined equals analyzeTrack, in UTC and in ${zone}; each day packs and unpacks unchanged`, () => {
      const utc = traceChunks(loadTrace(trace, '2026-11-20'));
      let events = 0;
      for (const z of ['UTC', zone])
        for (const p of [P, SHORT_STOPS]) events += expectJoinedEqualsWhole(utc, z, p).whole.events.length;
      expect(events).toBeGreaterThan(0);
      for (const c of utc) {
        const part = dayPart(c, SHORT_STOPS);
        expect(unpackDayPart(c.vehicleId, packDayPart(part))).toEqual(part);
      }
    });
  }
});
