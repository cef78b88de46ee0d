import { describe, expect, it } from 'vitest';
import {
  INTERACTION_STEPS,
  SNAPSHOT,
  TARGETS,
  compareHash,
  inboxHash,
  type StepContext,
} from '../../test/e2e/harness/interaction-steps.ts';
import { armStart, armStep } from '../../bench/lib/step-clock.ts';

const ctx: StepContext = {
  url: 'http://127.0.0.1:1/',
  review: { carrierId: 'demo-a', vehicleId: 'v-1', day: '2026-11-19' },
  inbox: { carrierId: 'demo-b', from: '2026-10-21', to: '2026-11-19' },
  compare: { carrierIds: ['demo-a', 'demo-b', 'demo-c'] },
  fleet: { carrierId: 'demo-b', trucks: 60 },
  limits: [55, 60],
};

/** Parses page-side source text without running it: a syntax error throws. */
const parses = (src: string) => new Function(`return (${src});`);

describe('the interaction steps table (test/e2e/harness/interaction-steps.ts)', () => {
  it('names each step once, and every step has a target of the issue', () => {
    const names = INTERACTION_STEPS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of INTERACTION_STEPS) expect(Object.keys(TARGETS)).toContain(s.target);
  });

  it("starts with the app's start, the only step timed from navigation start", () => {
    expect(INTERACTION_STEPS[0]!.clock).toBe('start');
    expect(INTERACTION_STEPS.slice(1).every((s) => s.clock !== 'start')).toBe(true);
    // The first step has no preparation: nothing runs between navigation start and its settled frame.
    expect(INTERACTION_STEPS[0]!.prepare).toBeUndefined();
  });

  it('walks the spans day → week → 30 days → six months → day in that order', () => {
    const spans = INTERACTION_STEPS.map((s) => /review-span-(\w+)\]'\)\?\.getAttribute/.exec(s.settled(ctx))?.[1])
      .filter(Boolean)
      .slice(0, 4);
    expect(spans).toEqual(['week', 'month', '6m', 'day']);
  });

  it("gives the page well-formed source: every settled expression, the snapshot and the step clock's scripts", () => {
    for (const s of INTERACTION_STEPS) {
      expect(() => parses(s.settled(ctx)), s.name).not.toThrow();
      expect(() => parses(armStep(s.clock, s.settled(ctx), 1000)), s.name).not.toThrow();
    }
    expect(() => parses(SNAPSHOT)).not.toThrow();
    expect(() => parses(armStart(INTERACTION_STEPS[0]!.settled(ctx), 1000))).not.toThrow();
  });

  it('writes the addresses the app reads: inbox range, three carriers over 30 days', () => {
    const inbox = new URLSearchParams(inboxHash(ctx).split('?')[1]);
    expect([inbox.getAll('carrier'), inbox.get('from'), inbox.get('to')]).toEqual([
      ['demo-b'],
      '2026-10-21',
      '2026-11-19',
    ]);
    const compare = new URLSearchParams(compareHash(ctx).split('?')[1]);
    expect([compare.getAll('carrier'), compare.get('range')]).toEqual([['demo-a', 'demo-b', 'demo-c'], '30d']);
  });
});
