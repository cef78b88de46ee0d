import { describe, expect, it } from 'vitest';
import {
  createIsoFormatter,
  formatCourse,
  formatFigure,
  formatNumber,
  orderChunks,
  PIECE_SIZE,
} from '../../shared/export/format.ts';
import { csvPieces } from '../../shared/export/trips-csv.ts';
import { tripIds } from '../../shared/export/trip-id.ts';

describe('formatCourse (GPX <course>)', () => {
  it('prints a heading in [0, 360) at 0.1°', () => {
    expect(formatCourse(90)).toBe('90.0');
    expect(formatCourse(45.04)).toBe('45.0');
    expect(formatCourse(45.06)).toBe('45.1');
    expect(formatCourse(359.94)).toBe('359.9');
    expect(formatCourse(0)).toBe('0.0');
  });

  it('wraps 359.96 to 0.0, never 360.0, and 360 itself to 0.0', () => {
    expect(formatCourse(359.96)).toBe('0.0');
    expect(formatCourse(360)).toBe('0.0');
    expect(formatCourse(-0.04)).toBe('0.0');
  });

  it('normalises negative and over-full turns', () => {
    expect(formatCourse(-90)).toBe('270.0');
    expect(formatCourse(720.5)).toBe('0.5');
    expect(formatCourse(-450)).toBe('270.0');
    expect(formatCourse(450.25)).toBe('90.3');
  });

  it('prints "" for non-finite headings', () => {
    expect(formatCourse(Number.NaN)).toBe('');
    expect(formatCourse(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatCourse(Number.NEGATIVE_INFINITY)).toBe('');
  });
});

describe('orderChunks', () => {
  it('orders by day, then by vehicle id within a day', () => {
    const chunks = [
      { day: '2026-05-02', vehicleId: 'a', n: 1 },
      { day: '2026-05-01', vehicleId: 'c', n: 2 },
      { day: '2026-05-01', vehicleId: 'a', n: 3 },
      { day: '2026-05-02', vehicleId: 'b', n: 4 },
      { day: '2026-05-01', vehicleId: 'b', n: 5 },
    ];
    expect(orderChunks(chunks).map((c) => c.n)).toEqual([3, 5, 2, 1, 4]);
  });

  it('orders vehicles on one day whichever way they arrive', () => {
    const b = { day: '2026-05-01', vehicleId: 'veh-b' };
    const a = { day: '2026-05-01', vehicleId: 'veh-a' };
    expect(orderChunks([b, a])).toEqual([a, b]);
    expect(orderChunks([a, b])).toEqual([a, b]);
  });

  it('keeps equal keys in input order (stable) and does not reorder the input', () => {
    const input = [
      { day: '2026-05-01', vehicleId: 'v', n: 1 },
      { day: '2026-05-01', vehicleId: 'v', n: 2 },
      { day: '2026-05-01', vehicleId: 'v', n: 3 },
    ];
    expect(orderChunks(input).map((c) => c.n)).toEqual([1, 2, 3]);
    const late = { day: '2026-05-03', vehicleId: 'a', n: 9 };
    const early = { day: '2026-05-01', vehicleId: 'z', n: 8 };
    const given = [late, early];
    expect(orderChunks(given)).toEqual([early, late]);
    expect(given).toEqual([late, early]);
  });

  it('accepts any iterable and returns [] for none', () => {
    expect(orderChunks(new Set<{ day: string; vehicleId: string }>())).toEqual([]);
  });
});

describe('formatNumber in exponent territory', () => {
  it('writes tiny numbers as plain decimals', () => {
    expect(formatNumber(1e-7)).toBe('0.0000001');
    expect(formatNumber(1.5e-7)).toBe('0.00000015');
    expect(formatNumber(-2.25e-8)).toBe('-0.0000000225');
  });

  it('writes huge numbers as plain integers', () => {
    expect(formatNumber(1e21)).toBe('1000000000000000000000');
    expect(formatNumber(1.5e21)).toBe('1500000000000000000000');
    expect(formatNumber(-2.5e22)).toBe('-25000000000000000000000');
  });

  it('writes the boundaries of the fast path exactly', () => {
    expect(formatNumber(1e9)).toBe('1000000000');
    expect(formatNumber(-1e9)).toBe('-1000000000');
    expect(formatNumber(999999999.5)).toBe('999999999.5');
    expect(formatNumber(0.05)).toBe('0.05');
    expect(formatNumber(-0.000001)).toBe('-0.000001');
    expect(formatNumber(12.3456789)).toBe('12.3456789');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('createIsoFormatter milliseconds', () => {
  it('pads the milliseconds to three digits', () => {
    const iso = createIsoFormatter();
    const base = Date.UTC(2026, 4, 1, 13, 4, 5);
    expect(iso(base)).toBe('2026-05-01T13:04:05Z');
    expect(iso(base + 1)).toBe('2026-05-01T13:04:05.001Z');
    expect(iso(base + 9)).toBe('2026-05-01T13:04:05.009Z');
    expect(iso(base + 10)).toBe('2026-05-01T13:04:05.010Z');
    expect(iso(base + 99)).toBe('2026-05-01T13:04:05.099Z');
    expect(iso(base + 100)).toBe('2026-05-01T13:04:05.100Z');
    expect(iso(base + 999)).toBe('2026-05-01T13:04:05.999Z');
  });

  it('switches the date part when the day changes, in either direction', () => {
    const iso = createIsoFormatter();
    expect(iso(Date.UTC(2026, 4, 1, 23, 59, 59))).toBe('2026-05-01T23:59:59Z');
    expect(iso(Date.UTC(2026, 4, 2, 0, 0, 0))).toBe('2026-05-02T00:00:00Z');
    expect(iso(Date.UTC(2026, 3, 30, 7, 8, 9))).toBe('2026-04-30T07:08:09Z');
  });
});

describe('formatFigure and PIECE_SIZE', () => {
  it('never prints a negative zero', () => {
    expect(formatFigure(-0.004, 'miles')).toBe('0.00');
    expect(formatFigure(-0.04, 'mph')).toBe('0.0');
    expect(formatFigure(-0.4, 'seconds')).toBe('0');
    expect(formatFigure(-10.04, 'mph')).toBe('-10.0');
    expect(formatFigure(-0.05, 'miles')).toBe('-0.05');
  });

  it('is 64 KiB', () => {
    expect(PIECE_SIZE).toBe(65536);
  });
});

describe('tripIds', () => {
  const zone = 'UTC';
  const may1 = Date.UTC(2026, 4, 1, 8);
  const may2 = Date.UTC(2026, 4, 2, 8);

  it('names the trimmed vehicle number and counts trips per day', () => {
    expect(tripIds([{ startMs: may1 }, { startMs: may1 + 1 }, { startMs: may2 }], '  T-101 ', zone)).toEqual([
      'T-101-2026-05-01-1',
      'T-101-2026-05-01-2',
      'T-101-2026-05-02-1',
    ]);
  });

  it('says "vehicle" when the number is blank', () => {
    expect(tripIds([{ startMs: may1 }], '', zone)).toEqual(['vehicle-2026-05-01-1']);
    expect(tripIds([{ startMs: may2 }], '  \t', zone)).toEqual(['vehicle-2026-05-02-1']);
  });

  it("uses the zone's calendar day", () => {
    const lateUtc = Date.UTC(2026, 4, 2, 3);
    expect(tripIds([{ startMs: lateUtc }], 'T-7', 'America/Chicago')).toEqual(['T-7-2026-05-01-1']);
  });
});

describe('csvPieces', () => {
  it('yields the header alone when there are no rows, and nothing without a header', () => {
    expect([...csvPieces('a,b', [], {})]).toEqual(['a,b\r\n']);
    expect([...csvPieces('a,b', [], { header: false })]).toEqual([]);
  });

  it('leaves the header out when asked', () => {
    expect([...csvPieces('a,b', ['1,2\r\n'], { header: false })]).toEqual(['1,2\r\n']);
  });

  it('cuts a piece exactly when it reaches pieceSize and yields no empty tail', () => {
    // header 'ab\r\n' is 4 units, the first row 6: a piece of exactly 10.
    expect([...csvPieces('ab', ['cdef\r\n'], { pieceSize: 10 })]).toEqual(['ab\r\ncdef\r\n']);
    expect([...csvPieces('ab', ['cdef\r\n', 'x\r\n'], { pieceSize: 10 })]).toEqual(['ab\r\ncdef\r\n', 'x\r\n']);
  });

  it('keeps rows together below pieceSize', () => {
    expect([...csvPieces('h', ['1\r\n', '2\r\n', '3\r\n'], { pieceSize: 100 })]).toEqual(['h\r\n1\r\n2\r\n3\r\n']);
    expect([...csvPieces('h', ['1\r\n', '2\r\n', '3\r\n'], { pieceSize: 5 })]).toEqual(['h\r\n1\r\n', '2\r\n3\r\n']);
  });
});
