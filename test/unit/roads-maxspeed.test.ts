import { describe, expect, it } from 'vitest';
import { parseMaxspeed, zoneCode } from '../../shared/roads/maxspeed.ts';
import { parseConditional } from '../../shared/roads/conditional.ts';

const KMH = 1 / 1.609344;

describe('parseMaxspeed', () => {
  // [value, on a US road, expected]: the OSM wiki's reading of each form.
  const limits: [string, boolean, number][] = [
    ['50', false, 50 * KMH],
    ['50 km/h', true, 50 * KMH],
    ['50kmh', false, 50 * KMH],
    ['80 kph', false, 80 * KMH],
    ['55 mph', true, 55],
    ['55mph', false, 55],
    ['10 knots', false, (10 * 1.852) / 1.609344],
    ['DE:zone30', false, 30 * KMH],
    ['DE:zone:20', false, 20 * KMH],
  ];
  it.each(limits)('reads %s (US road: %s) as a limit', (value, us, mph) => {
    const v = parseMaxspeed(value, us);
    expect(v.kind).toBe('limit');
    expect(v.kind === 'limit' && v.mph).toBeCloseTo(mph, 9);
  });

  it.each([
    ['none', 'none'],
    ['walk', 'walk'],
    ['signals', 'variable'],
    ['variable', 'variable'],
  ])('reads %s as %s', (value, kind) => expect(parseMaxspeed(value, false).kind).toBe(kind));

  it.each([
    ['25', true, 'bare number on a US road'],
    ['40', true, 'bare number on a US road'],
    ['90;30', false, 'several values'],
    ['0', false, 'out of range'],
    ['200 mph', false, 'out of range'],
    ['fast', false, 'unreadable'],
    ['50 m/s', false, 'unreadable'],
    ['FR:urban', false, 'unknown zone code'],
    ['DE:bicycle_road', false, 'unknown zone code'],
  ])('refuses %s (US road: %s): %s', (value, us, reason) => {
    expect(parseMaxspeed(value, us)).toEqual({ kind: 'refused', reason, text: value });
  });

  it('reads zone codes to a jurisdiction and road group of the defaults table', () => {
    expect(zoneCode('DE:urban')).toEqual({ jurisdiction: 'DE', group: 'urban' });
    expect(zoneCode('DE:motorway')).toEqual({ jurisdiction: 'DE', group: 'motorway' });
    expect(zoneCode('AT:rural')).toEqual({ jurisdiction: 'AT', group: 'rural' });
    expect(zoneCode('US:MD:urban')).toEqual({ jurisdiction: 'US-MD', group: 'urban' });
    // A state the table lacks still says "US" (bare numbers refused), with no default of its own.
    expect(zoneCode('US:TX:rural')).toEqual({ jurisdiction: 'US', group: 'rural' });
    expect(zoneCode('sign')).toBeNull();
  });
});

describe('parseConditional (a truck of more than 7.5 t)', () => {
  it('applies a weight condition the truck always meets, and a truck condition', () => {
    expect(parseConditional('80 @ (weight>7.5)', false).applied).toMatchObject({ kind: 'limit', mph: 80 * KMH });
    expect(parseConditional('60 @ (weight>=3.5 t)', false).applied).toMatchObject({ mph: 60 * KMH });
    expect(parseConditional('40 mph @ hgv', true)).toEqual({
      applied: { kind: 'limit', mph: 40, text: '40 mph' },
      kept: '',
    });
  });

  it('keeps what depends on time, weather or a heavier mass as text', () => {
    expect(parseConditional('80@(wet)', false)).toEqual({ applied: null, kept: '80@(wet)' });
    expect(parseConditional('60 @ (22:00-06:00)', false)).toEqual({ applied: null, kept: '60 @ (22:00-06:00)' });
    expect(parseConditional('60 @ (weight>12)', false).applied).toBeNull();
    expect(parseConditional('60 @ (weight>3.5 AND wet)', false).applied).toBeNull();
  });

  it('splits parts on ";" outside parentheses only', () => {
    const c = parseConditional('30 @ (Mo-Fr 07:00-09:00; Sa 10:00-12:00); 60 @ (weight>7.5)', false);
    expect(c.applied).toMatchObject({ mph: 60 * KMH });
    expect(c.kept).toBe('30 @ (Mo-Fr 07:00-09:00; Sa 10:00-12:00)');
  });

  it('never applies a value it refuses (a bare number on a US road)', () => {
    expect(parseConditional('40 @ (weight>5)', true)).toEqual({ applied: null, kept: '40 @ (weight>5)' });
  });
});
