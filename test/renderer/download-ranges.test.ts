import { describe, expect, it } from 'vitest';
import { historyWindow, rangeFor, rangeWords } from '../../renderer/src/downloads/ranges.ts';

const today = '2026-11-20';

describe('download ranges and the API history window', () => {
  it('the window is six months back to today', () => {
    expect(historyWindow(today)).toEqual({ from: '2026-05-20', to: '2026-11-20' });
  });

  it('a custom range inside the window is taken as asked, with no clip note', () => {
    const r = rangeFor('custom', today, { from: '2026-06-01', to: '2026-06-10' });
    expect(r).toEqual({ from: '2026-06-01', to: '2026-06-10' });
    expect(rangeWords(r as { from: string; to: string })).toBe('2026-06-01 → 2026-06-10 · 10 days');
  });

  it('a range partly before the window is cut to it and says so in words, with what was asked', () => {
    const r = rangeFor('custom', today, { from: '2026-05-01', to: '2026-05-25' });
    expect(r).toEqual({ from: '2026-05-20', to: '2026-05-25', asked: { from: '2026-05-01', to: '2026-05-25' } });
    expect(rangeWords(r as never)).toBe(
      'Only 2026-05-20 → 2026-05-25 · 6 days can be downloaded: the API keeps 6 months of history (2026-05-01 → 2026-05-25 asked).',
    );
  });

  it('a range wholly outside the window is refused with the reason', () => {
    const r = rangeFor('custom', today, { from: '2026-03-01', to: '2026-03-31' });
    expect(r).toEqual({
      error: 'The API keeps history from 2026-05-20 to 2026-11-20 only: no day of this range can be downloaded.',
    });
  });

  it('a range ending after today is cut at today', () => {
    const r = rangeFor('custom', today, { from: '2026-11-19', to: '2026-11-30' });
    expect(r).toMatchObject({ from: '2026-11-19', to: '2026-11-20', asked: { from: '2026-11-19', to: '2026-11-30' } });
  });
});
