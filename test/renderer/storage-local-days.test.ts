import { describe, expect, it } from 'vitest';
import {
  deletionQuestion,
  localCells,
  localDeletion,
  stripDays,
} from '../../renderer/src/features/storage/local-strip.ts';

const CHICAGO = 'America/Chicago';
const week = ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'].map((day) => ({
  day,
  state: 'complete' as const,
  points: 100,
}));
const stored = [...week, { day: '2026-11-20', state: 'partial' as const, points: 40 }];

describe('Storage by home-zone day', () => {
  it('the strip is the last 6 months (calendar) ending today', () => {
    const days = stripDays('2026-11-20');
    expect(days[0]).toBe('2026-05-20');
    expect(days.at(-1)).toBe('2026-11-20');
  });

  it('a Chicago day is complete only when both UTC days it touches are', () => {
    const days = [
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ];
    const cells = localCells(days, stored, CHICAGO, '2026-11-20');
    expect(cells.map((c) => c.state)).toEqual([
      'partial', // its first 18 h are UTC 11-13, not downloaded
      'complete',
      'complete',
      'complete',
      'complete',
      'complete',
      'partial', // its last 6 h are UTC 11-20, still being recorded
      'partial',
    ]);
    expect(cells[0]!.title).toBe('2026-11-13: partly downloaded, 00:00–18:00 CST not downloaded (18 h)');
    expect(cells[1]!.title).toContain('200 points');
  });

  it('deleting a local day deletes the UTC days it touches; the neighbours sharing them become partial', () => {
    const d = localDeletion('2026-11-16', '2026-11-16', CHICAGO, stored);
    expect(d).toEqual({ utcDays: ['2026-11-16', '2026-11-17'], partialAfter: ['2026-11-15', '2026-11-17'] });
    expect(deletionQuestion('T-101', '2026-11-16', '2026-11-16', CHICAGO, d)).toBe(
      "Delete T-101's day 2026-11-16 (America/Chicago)? Days are stored as whole UTC days: this deletes the stored UTC days 2026-11-16 to 2026-11-17. 2026-11-15 and 2026-11-17 become partly downloaded (they share a UTC day with the range).",
    );
  });

  it('a neighbour left with nothing stored is not called partial; UTC days never stored are not listed', () => {
    const d = localDeletion('2026-11-14', '2026-11-14', CHICAGO, stored);
    expect(d).toEqual({ utcDays: ['2026-11-14', '2026-11-15'], partialAfter: ['2026-11-15'] });
    expect(localDeletion('2026-10-01', '2026-10-02', CHICAGO, stored).utcDays).toEqual([]);
  });

  it('in UTC a day is one UTC day and no neighbour changes', () => {
    expect(localDeletion('2026-11-16', '2026-11-17', 'UTC', stored)).toEqual({
      utcDays: ['2026-11-16', '2026-11-17'],
      partialAfter: [],
    });
  });
});
