import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { m4, trackSeries } from '../../shared/analysis/downsample.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

/**
 * What Trip review's speed chart draws for a long span (the analysis worker's series: the kept readings'
 * speed, M4 per pixel column) against the full readings and the events the analysis finds in them: the
 * drawing is thinned, the figures are not.
 */
const chunks = toDayChunks('TRK', generateRandomTrack(35, 30));
const params = DEFAULT_ANALYSIS_PARAMS;
const full = trackSeries(chunks, 'speed', params);
const fromMs = full.t[0]!;
const toMs = full.t.at(-1)!;

function columnExtremes(s: { t: Float64Array; v: Float64Array }, width: number) {
  const col = (x: number) => Math.min(width - 1, Math.floor(((x - fromMs) * width) / (toMs - fromMs)));
  const lo = new Map<number, number>();
  const hi = new Map<number, number>();
  s.t.forEach((x, i) => {
    const v = s.v[i]!;
    if (Number.isNaN(v)) return;
    const c = col(x);
    lo.set(c, Math.min(lo.get(c) ?? Infinity, v));
    hi.set(c, Math.max(hi.get(c) ?? -Infinity, v));
  });
  return { col, lo, hi };
}

describe.each([300, 1200])('a month of readings drawn %i pixels wide', (width) => {
  const drawn = m4(full.t, full.v, width, fromMs, toMs);
  const whole = columnExtremes(full, width);
  const thin = columnExtremes(drawn, width);
  const { events } = analyzeTrack(chunks, params);
  const speeding = events.filter((e) => e.kind === 'speeding');

  it('is thinned, yet keeps each pixel column’s lowest and highest speed', () => {
    expect(full.t.length).toBeGreaterThan(8 * width);
    expect(drawn.t.length).toBeLessThanOrEqual(4 * width + full.v.filter(Number.isNaN).length);
    expect(thin.lo).toEqual(whole.lo);
    expect(thin.hi).toEqual(whole.hi);
  });

  it('draws every speeding event’s peak: its column reaches at least the event’s top speed', () => {
    expect(speeding.length).toBeGreaterThan(0);
    for (const e of speeding) {
      const peakAt = full.t.findIndex((t, i) => t >= e.startMs && t <= e.endMs && full.v[i] === e.peakSpeedMph);
      expect(peakAt).toBeGreaterThanOrEqual(0);
      expect(thin.hi.get(thin.col(full.t[peakAt]!))!).toBeGreaterThanOrEqual(e.peakSpeedMph);
    }
  });

  it('keeps every gap the analysis counts as a break in the line', () => {
    const gaps = events.filter((e) => e.kind === 'gap');
    for (const g of gaps) {
      const breaks = Array.from(drawn.t).filter((t, i) => Number.isNaN(drawn.v[i]!) && t > g.startMs && t < g.endMs);
      expect(breaks.length, `gap at ${new Date(g.startMs).toISOString()}`).toBe(1);
    }
  });
});
