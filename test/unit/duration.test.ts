import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../shared/util/duration.ts';

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

describe('formatDuration: the one family of duration texts', () => {
  it('coarse: seconds under a minute, then the largest two units', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(14 * MIN + 5)).toBe('14 min');
    expect(formatDuration(2 * HOUR + 5 * MIN + 9)).toBe('2 h 05 min');
    expect(formatDuration(26 * HOUR)).toBe('1 d 2 h');
    expect(formatDuration(3 * DAY + HOUR)).toBe('3 d 1 h');
  });
  it('fine: keeps the seconds below an hour, and only when there are some', () => {
    expect(formatDuration(14 * MIN + 5, 'fine')).toBe('14 min 5 s');
    expect(formatDuration(10 * MIN, 'fine')).toBe('10 min');
    expect(formatDuration(3 * HOUR + 65, 'fine')).toBe('3 h 01 min');
  });
  it('rounds to whole seconds at each unit boundary', () => {
    expect(formatDuration(59.4)).toBe('59 s');
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(HOUR - 0.6, 'fine')).toBe('59 min 59 s');
    expect(formatDuration(DAY - 1)).toBe('23 h 59 min');
    expect(formatDuration(DAY)).toBe('1 d 0 h');
  });
  it('a value that is not finite is "—"; a negative one is 0 s', () => {
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(Infinity, 'fine')).toBe('—');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
