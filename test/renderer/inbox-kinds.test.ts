/**
 * The inbox's kind choices in the address come from the registry of event kinds
 * (shared/analysis/event-kinds.ts): every row is a choice, its default comes from the row, and nothing else is.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_KIND_ROWS, EVENT_KINDS } from '../../shared/analysis/event-kinds.ts';
import { DEFAULT_KINDS, DEFAULT_QUERY, paramsToQuery } from '../../renderer/src/features/inbox/inbox-query.ts';

describe('the inbox kinds as the registry says', () => {
  it('shows by default exactly the rows marked so, in display order', () => {
    expect(DEFAULT_KINDS).toEqual(EVENT_KINDS.filter((k) => EVENT_KIND_ROWS[k].inboxDefault));
    expect(DEFAULT_QUERY.kinds).toEqual(DEFAULT_KINDS);
    // Some kind is off by default and some on: the default is a choice, not everything or nothing.
    expect(DEFAULT_KINDS.length).toBeGreaterThan(0);
    expect(DEFAULT_KINDS.length).toBeLessThan(EVENT_KINDS.length);
  });

  it('reads every kind of the registry from the address, alone or all together, and no other', () => {
    for (const k of EVENT_KINDS) expect(paramsToQuery(new URLSearchParams({ kinds: k })).kinds).toEqual([k]);
    const all = [...EVENT_KINDS].reverse().join(',');
    expect(paramsToQuery(new URLSearchParams({ kinds: all })).kinds).toEqual(EVENT_KINDS);
    const asked = `${EVENT_KINDS[0]},no-such-kind,constructor`;
    expect(paramsToQuery(new URLSearchParams({ kinds: asked })).kinds).toEqual([EVENT_KINDS[0]]);
  });
});
