import { describe, expect, it } from 'vitest';
import type { Assignment, AssignmentSuggestion } from '../../shared/drivers/types.ts';
import {
  datedEdit,
  importOutcomeText,
  regularEdit,
  suggestionEdit,
  type EditContext,
} from '../../renderer/src/features/drivers/assignment-edits.ts';

const CHICAGO = 'America/Chicago';
const ctx = (kept: Assignment[] = []): EditContext => ({ carrierId: 'c', zone: CHICAGO, kept, now: 42 });
const regular = (vehicleId: string, driverId: string): Assignment => ({
  id: `${vehicleId}|regular`,
  carrierId: 'c',
  driverId,
  vehicleId,
  fromMs: null,
  toMs: null,
  source: 'import',
  createdAt: 1,
});

describe('a dated assignment typed in the form', () => {
  it("becomes one row from the home zone's clock, keyed by vehicle and start", () => {
    const edit = datedEdit(
      { driverId: 'd1', vehicleId: 'v1', from: '2026-03-08T01:00', to: '2026-03-08T05:00' },
      ctx(),
    );
    expect(edit).toEqual({
      ok: true,
      removeIds: [],
      add: [
        {
          id: `v1|${Date.UTC(2026, 2, 8, 7)}`,
          carrierId: 'c',
          driverId: 'd1',
          vehicleId: 'v1',
          // 01:00 CST and 05:00 CDT: the spring-forward between them makes it three hours long.
          fromMs: Date.UTC(2026, 2, 8, 7),
          toMs: Date.UTC(2026, 2, 8, 10),
          source: 'manual',
          createdAt: 42,
        },
      ],
    });
  });

  it('an empty "to" is open-ended', () => {
    const edit = datedEdit({ driverId: 'd1', vehicleId: 'v1', from: '2026-01-10T06:00', to: '' }, ctx());
    expect(edit.ok && edit.add[0]?.toMs).toBeNull();
  });

  it('is refused with a sentence when a field is missing, unreadable, backwards or overlapping', () => {
    const refusal = (e: ReturnType<typeof datedEdit>) => (e.ok ? null : e.error);
    const form = { driverId: 'd1', vehicleId: 'v1', from: '2026-01-10T06:00', to: '2026-01-10T18:00' };
    expect(refusal(datedEdit({ ...form, driverId: '' }, ctx()))).toBe('Choose a driver.');
    expect(refusal(datedEdit({ ...form, vehicleId: '' }, ctx()))).toBe('Choose a vehicle.');
    expect(refusal(datedEdit({ ...form, to: 'tonight' }, ctx()))).toContain('To is not a date and time');
    expect(refusal(datedEdit({ ...form, to: '2026-01-10T05:00' }, ctx()))).toEqual(expect.any(String));
    const kept = datedEdit(form, ctx());
    if (!kept.ok) throw new Error(kept.error);
    const overlapping = { ...form, driverId: 'd2', from: '2026-01-10T12:00', to: '2026-01-11T00:00' };
    expect(refusal(datedEdit(overlapping, ctx(kept.add)))).toEqual(expect.any(String));
    // One starting at the same minute is refused too, never taken for an edit of the kept one.
    expect(refusal(datedEdit({ ...form, driverId: 'd2' }, ctx(kept.add)))).toBe(
      'This vehicle already has an assignment starting then; remove it first.',
    );
    // The same times on another vehicle clash with nothing.
    expect(datedEdit({ ...overlapping, vehicleId: 'v2' }, ctx(kept.add)).ok).toBe(true);
  });
});

describe("a vehicle's regular driver", () => {
  it('replaces the earlier one in the same write', () => {
    const edit = regularEdit('v1', 'd2', ctx([regular('v1', 'd1'), regular('v2', 'd1')]));
    expect(edit).toEqual({
      ok: true,
      removeIds: ['v1|regular'],
      add: [{ ...regular('v1', 'd2'), source: 'manual', createdAt: 42 }],
    });
  });

  it('"None" removes it, and removes nothing when there was none', () => {
    expect(regularEdit('v1', '', ctx([regular('v1', 'd1')]))).toEqual({ ok: true, add: [], removeIds: ['v1|regular'] });
    expect(regularEdit('v3', '', ctx([regular('v1', 'd1')]))).toEqual({ ok: true, add: [], removeIds: [] });
  });
});

describe('an accepted suggestion', () => {
  const suggestion: AssignmentSuggestion = {
    carrierId: 'c',
    driverId: 'd1',
    vehicleId: 'v1',
    matches: 3,
    // 23:30 CST on 7 March and 10:00 CDT on 8 March (the spring-forward between them).
    firstMs: Date.UTC(2026, 2, 8, 5, 30),
    lastMs: Date.UTC(2026, 2, 8, 15),
  };

  it("covers the home-zone days of its first and last snapshots, whole, as a 'suggestion'", () => {
    const fromMs = Date.UTC(2026, 2, 7, 6); // 7 March 00:00 CST
    expect(suggestionEdit(suggestion, ctx())).toEqual({
      ok: true,
      removeIds: [],
      add: [
        {
          id: `v1|${fromMs}`,
          carrierId: 'c',
          driverId: 'd1',
          vehicleId: 'v1',
          fromMs,
          toMs: Date.UTC(2026, 2, 9, 5), // 9 March 00:00 CDT
          source: 'suggestion',
          createdAt: 42,
        },
      ],
    });
  });

  it('is refused with a sentence when it overlaps a dated assignment of the vehicle', () => {
    const other = datedEdit({ driverId: 'd2', vehicleId: 'v1', from: '2026-03-08T18:00', to: '' }, ctx());
    if (!other.ok) throw new Error(other.error);
    const edit = suggestionEdit(suggestion, ctx(other.add));
    expect(edit.ok).toBe(false);
  });
});

describe("an import's outcome", () => {
  it('counts what was kept and what was already there', () => {
    expect(importOutcomeText(3, 1)).toBe('Imported 3 assignments (1 unchanged)');
    expect(importOutcomeText(1, 0)).toBe('Imported 1 assignment (0 unchanged)');
  });
});
