import { describe, expect, it } from 'vitest';
import {
  ADJUSTABLE_KEYS,
  checkOverLimitPreferences,
  DEFAULT_ADJUSTABLE_PARAMS,
} from '../../shared/analysis/adjustable.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { IPC_CHANNELS, type IpcReply } from '../../shared/ipc/contract.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';
import type { Backend, Handlers } from '../../electron/node/backend/backend.ts';
import { registerIpcHandlers, type FrameLike, type IpcMainLike } from '../../electron/node/backend/dispatch.ts';

const guard = ARG_GUARDS['settings:setPreferences'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Values around the edges the analysis cares about: negatives, zero, fractions, large, non-finite. */
function pick(r: () => number): number {
  const edges = [-1, -0.5, 0, 0.25, 1, 59, 60, 3600, 1e6, Number.NaN, Number.POSITIVE_INFINITY];
  return r() < 0.5 ? edges[Math.floor(r() * edges.length)]! : Math.round(r() * 7200) / 4;
}

const accepts = (p: unknown) => {
  try {
    resolveAnalysisParams(p as never);
    checkOverLimitPreferences(p as never);
    return true;
  } catch {
    return false;
  }
};

describe('settings:setPreferences guard, analysis object', () => {
  it('accepts a set exactly when the analysis and the over-the-limit bounds accept it', () => {
    const r = rng(7);
    let yes = 0;
    let no = 0;
    for (let n = 0; n < 400; n++) {
      const analysis = Object.fromEntries(
        ADJUSTABLE_KEYS.map((k) => [k, r() < 0.7 ? DEFAULT_ADJUSTABLE_PARAMS[k] : pick(r)]),
      );
      const expected = accepts(analysis);
      expect(guard([{ analysis }]), JSON.stringify(analysis)).toBe(expected);
      if (expected) yes++;
      else no++;
    }
    // Both outcomes were exercised.
    expect(yes).toBeGreaterThan(20);
    expect(no).toBeGreaterThan(20);
  });

  it.each<[string, unknown[]]>([
    ['a partial set', [{ analysis: { minStopSeconds: 60 } }]],
    [
      'a set of an earlier version (no plausible maximum)',
      [{ analysis: (({ maxPlausibleMph: _m, ...rest }) => rest)(DEFAULT_ADJUSTABLE_PARAMS) }],
    ],
    ['the removed parked gap', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, parkedGapSeconds: 7200 } }]],
    ['a plausible maximum below its range', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, maxPlausibleMph: 79 } }]],
    ['an unknown field', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, stopSpeedMph: 1 } }]],
    [
      'a set without the over-the-limit rule',
      [
        {
          analysis: (({ overLimitToleranceMph: _t, overLimitMinSeconds: _s, ...rest }) => rest)(
            DEFAULT_ADJUSTABLE_PARAMS,
          ),
        },
      ],
    ],
    ['a tolerance above 10 mph', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, overLimitToleranceMph: 10.5 } }]],
    ['a tolerance below 1 mph', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, overLimitToleranceMph: 0.5 } }]],
    ['a duration above an hour', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, overLimitMinSeconds: 3601 } }]],
    ['a negative duration', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, overLimitMinSeconds: -1 } }]],
    ['a string value', [{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, minTripMiles: '1' } }]],
    ['null', [{ analysis: null }]],
    ['an unknown preference', [{ analysis: DEFAULT_ADJUSTABLE_PARAMS, theme: 'dark' }]],
    ['a second argument', [{ analysis: DEFAULT_ADJUSTABLE_PARAMS }, 1]],
  ])('refuses %s', (_name, args) => {
    expect(guard(args)).toBe(false);
  });

  it('accepts the analysis set together with the other preferences', () => {
    expect(
      guard([
        {
          analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, minTripMiles: 0.5 },
          speedingThresholdMph: 65,
          displayTimeZone: 'UTC',
        },
      ]),
    ).toBe(true);
  });

  it('never lets a refused set reach the handler', async () => {
    const calls: unknown[][] = [];
    const handlers = new Map<
      string,
      (event: { senderFrame: FrameLike | null }, ...args: unknown[]) => Promise<unknown>
    >();
    const ipc: IpcMainLike = {
      handle: (c, l) => void handlers.set(c, l),
      removeHandler: (c) => void handlers.delete(c),
    };
    const backend: Backend = {
      handlers: new Proxy({} as Handlers, {
        get:
          () =>
          async (...args: unknown[]) => (calls.push(args), null),
      }),
      publicError: () => ({ kind: 'other', message: 'x' }),
      cspOrigins: async () => [],
      close: async () => {},
    };
    const frame: FrameLike = { url: 'app://routelens/index.html', parent: null };
    registerIpcHandlers(ipc, backend, IPC_CHANNELS, (f) => f.url === frame.url);
    const call = (arg: unknown) =>
      handlers.get('settings:setPreferences')!({ senderFrame: frame }, arg) as Promise<IpcReply<unknown>>;
    expect(await call({ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, gapSeconds: 0 } })).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect(calls).toHaveLength(0);
    expect(await call({ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, gapSeconds: 600 } })).toMatchObject({ ok: true });
    expect(calls).toEqual([[{ analysis: { ...DEFAULT_ADJUSTABLE_PARAMS, gapSeconds: 600 } }]]);
  });
});
