import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import type { Assignment, DriverName } from '../../shared/drivers/types.ts';
import { AUDIT_DRIVERS_LIMITS, auditDriversProblem } from '../../shared/ipc/audit-drivers.ts';
import { validArgs } from '../../shared/ipc/validate.ts';

/** audit:begin's optional drivers: the carrier's assignments and driver names, checked and bounded. */
const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T06:00:00Z');

function dated(vehicleId: string, driverId: string, fromMs: number, toMs: number | null, carrierId = 'c1'): Assignment {
  return {
    id: assignmentId(vehicleId, fromMs),
    carrierId,
    driverId,
    vehicleId,
    fromMs,
    toMs,
    source: 'import',
    createdAt: T0,
  };
}
const regular = (vehicleId: string, driverId: string): Assignment => ({
  ...dated(vehicleId, driverId, 0, null),
  id: assignmentId(vehicleId, null),
  fromMs: null,
});
const jane: DriverName = { driverId: 'd1', username: 'jsmith', firstName: 'Jane', lastName: 'Smith' };
const bob: DriverName = { driverId: 'd2', username: 'bjones', firstName: '', lastName: '' };

describe('audit:begin drivers', () => {
  const request = {
    carrierId: 'c1',
    vehicleId: 'v1',
    from: '2026-03-01',
    to: '2026-03-02',
    params: resolveAnalysisParams({}),
    days: [{ day: '2026-03-01', downloadedAt: T0, complete: true, rejected: 0 }],
  };
  const accepted = (drivers: unknown) => validArgs('audit:begin', [{ ...request, drivers }]);
  const good = {
    assignments: [regular('v1', 'd1'), dated('v1', 'd2', T0, T0 + 8 * HOUR), dated('v1', 'd1', T0 + 8 * HOUR, null)],
    names: [jane, bob],
  };

  it('takes a regular driver, back-to-back dated assignments, and names with empty first or last names', () => {
    expect(auditDriversProblem(good, 'c1')).toBeNull();
    expect(accepted(good)).toBe(true);
    // The same start on two vehicles is no clash; a name may be missing from the roster (unknown driver kept by id).
    expect(accepted({ assignments: [dated('v1', 'd1', T0, null), dated('v2', 'd2', T0, null)], names: [] })).toBe(true);
    // None of this vehicle's (the carrier has others): the columns are there, every row unassigned.
    expect(accepted({ assignments: [], names: [] })).toBe(true);
  });

  it('takes up to 20,000 assignments and refuses one more, saying the bound', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => dated('v1', 'd1', T0 + i * HOUR, T0 + (i + 1) * HOUR));
    expect(accepted({ assignments: many(AUDIT_DRIVERS_LIMITS.maxAssignments), names: [jane] })).toBe(true);
    const over = { assignments: many(AUDIT_DRIVERS_LIMITS.maxAssignments + 1), names: [jane] };
    expect(accepted(over)).toBe(false);
    expect(auditDriversProblem(over, 'c1')).toBe('The audit carries 20001 assignments; at most 20,000 are sent.');
    const names = Array.from({ length: AUDIT_DRIVERS_LIMITS.maxNames + 1 }, (_, i) => ({ ...jane, driverId: `d${i}` }));
    expect(auditDriversProblem({ ...good, names }, 'c1')).toMatch(/10001 driver names; at most 10,000/);
  });

  it('refuses, with a sentence naming the row, what is not an assignment of this carrier or gives a truck two drivers', () => {
    const problem = (assignments: unknown[], names: unknown[] = [jane]) => {
      expect(accepted({ assignments, names })).toBe(false);
      return auditDriversProblem({ assignments, names }, 'c1');
    };
    const a = dated('v1', 'd1', T0, T0 + HOUR);
    expect(problem([a, { ...a, id: 'v1|0' }])).toBe(
      'Assignment 2 of the audit is malformed (not an assignment RouteLens keeps).',
    );
    expect(problem([a, { ...dated('v1', 'd1', T0 + 2 * HOUR, T0 + HOUR) }])).toMatch(/^Assignment 2 .* malformed/);
    expect(problem([a, { ...a, extra: 1 }])).toMatch(/^Assignment 2 .* malformed/);
    expect(problem([{ ...a, driverId: 'x'.repeat(201) }])).toMatch(/^Assignment 1 .* malformed/);
    expect(problem([a, dated('v2', 'd1', T0, null, 'c2')])).toBe(
      "Assignment 2 of the audit is of another carrier than the audit's.",
    );
    // An open-ended row overlaps every later one of its vehicle, even with another row between them.
    expect(
      problem([
        dated('v1', 'd1', T0, null),
        dated('v2', 'd2', T0, null),
        dated('v1', 'd2', T0 + 30 * HOUR, T0 + 31 * HOUR),
      ]),
    ).toBe('Assignments 1 and 3 of the audit give vehicle v1 two drivers at once.');
    expect(problem([a], [{ ...jane, username: '' }])).toBe('Driver name 1 of the audit is malformed.');
    expect(problem([a], [{ driverId: 'd1', username: 'jsmith' }])).toBe('Driver name 1 of the audit is malformed.');
  });

  it('refuses drivers that are not the two lists', () => {
    for (const bad of [
      null,
      [],
      'drivers',
      { assignments: good.assignments },
      { ...good, more: [] },
      { assignments: {}, names: [] },
    ]) {
      expect(accepted(bad)).toBe(false);
      expect(auditDriversProblem(bad, 'c1')).toBe(
        'The drivers sent with this audit are not a list of assignments and a list of driver names.',
      );
    }
  });
});
