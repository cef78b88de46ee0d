/**
 * The inbox's events as its worker sends them (shared/inbox/event-pack.ts): what the page builds again is
 * what the worker listed, field for field and in the same field order, through a structured clone as
 * postMessage makes it; a pack that is not whole is refused, never read as other events.
 */
import { describe, expect, it } from 'vitest';
import { dayPart } from '../../shared/analysis/day-parts.ts';
import { EVENT_KINDS } from '../../shared/analysis/event-kinds.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { packInboxEvents, unpackInboxEvents, type PackedInboxEvents } from '../../shared/inbox/event-pack.ts';
import type { InboxEvent } from '../../shared/inbox/events.ts';
import { inboxVehicle } from '../../shared/inbox/vehicle.ts';
import { daysFromTo, localDayInterval } from '../../shared/time/local-day.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { roadsAlong } from '../support/day-parts.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const P = { ...DEFAULT_ANALYSIS_PARAMS, longStopSeconds: 1800 };
const ZONE = 'America/Chicago';

/** A vehicle's inbox events over ten generated days with road limits: every kind, long stops "at least" among them. */
function listed(seed: number): InboxEvent[] {
  const utc = toDayChunks(`v${seed}`, generateRandomTrack(seed, 10, { vehicleNumber: `T-${seed}` }));
  const local = localDayChunks(utc, ZONE);
  const days = daysFromTo(local[0]!.day, local.at(-1)!.day);
  const roads = roadsAlong(utc);
  const parts = local.map((c) => dayPart(localDayChunks(utc, ZONE, localDayInterval(c.day, ZONE))[0]!, P, roads));
  return inboxVehicle({ carrierId: 'c1', vehicleId: `v${seed}`, zone: ZONE }, parts, P, days, true)!.events;
}

const sent = (events: readonly InboxEvent[]) => unpackInboxEvents(structuredClone(packInboxEvents(events)));

describe('packed inbox events', () => {
  it('come back as listed, field for field and in field order, every kind and tier included', () => {
    const events = [...listed(7), ...listed(11)];
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(EVENT_KINDS));
    expect(events.some((e) => e.tier !== null)).toBe(true);
    expect(events.some((e) => e.atLeast === true)).toBe(true);
    expect(events.some((e) => e.peakSpeedMph === null) && events.some((e) => e.peakSpeedMph !== null)).toBe(true);
    const back = sent(events);
    expect(back).toEqual(events);
    back.forEach((e, i) => expect(Object.keys(e)).toEqual(Object.keys(events[i]!)));
  });

  it('keep an absent field absent and a null one null (a driver nobody was assigned, a flag set false)', () => {
    const [e] = listed(7);
    const variants: InboxEvent[] = [
      { ...e!, driverId: null },
      { ...e!, driverId: 'd-9', atLeast: false },
      { ...e!, tier: null, gapMiles: 0, overLimitMph: -0 },
    ];
    delete (variants[0] as { atLeast?: boolean }).atLeast;
    const back = sent(variants);
    expect(back).toEqual(variants);
    expect('atLeast' in back[0]!).toBe(false);
    expect(back[0]!.driverId).toBeNull();
    expect(back[1]).toMatchObject({ driverId: 'd-9', atLeast: false });
    expect('driverId' in sent([e!])[0]!).toBe(false);
    expect(Object.is(back[2]!.overLimitMph, -0)).toBe(true);
  });

  it('send each distinct text once', () => {
    const events = listed(7);
    const packed = packInboxEvents(events);
    expect(new Set(packed.texts).size).toBe(packed.texts.length);
    expect(packed.texts.filter((t) => t === 'c1')).toHaveLength(1);
    expect(packed.count).toBe(events.length);
    expect(unpackInboxEvents(packInboxEvents([]))).toEqual([]);
  });

  it('refuse a pack that is not whole, with what is wrong', () => {
    const good = packInboxEvents(listed(7));
    const bad: [string, PackedInboxEvents, RegExp][] = [
      ['one event too many', { ...good, count: good.count + 1 }, /do not fill/],
      ['numbers cut short', { ...good, n: good.n.subarray(1) }, /do not fill/],
      ['a text index past the table', { ...good, texts: good.texts.slice(0, 1) }, /has no text/],
      ['a null where a text must be', { ...good, t: good.t.map((i, k) => (k === 0 ? -1 : i)) }, /key has no text/],
      ['not arrays', { ...good, n: [...good.n] as unknown as Float64Array }, /Not packed/],
      ['a count that is no count', { ...good, count: 1.5 }, /Not packed/],
    ];
    for (const [what, p, message] of bad) expect(() => unpackInboxEvents(p), what).toThrow(message);
  });
});
