import { describe, expect, it } from 'vitest';
import { serverText } from '../../electron/node/api/server-text.ts';
import { terminalSafe } from '../../shared/util/terminal-text.ts';

/** Both cleaners act on one list of characters (shared/util/unsafe-text.ts): one removes, one escapes. */
describe('serverText', () => {
  const hostile = 'Internal\u202e error\u2028next\u0085line\u001b[31m red \ud800 lone\u200f end';

  it('removes every character the terminal printer escapes, and makes breaks spaces', () => {
    const said = serverText(hostile, [], 200);
    expect(said).toBe('Internal error next line[31m red lone end');
    // Whatever terminalSafe would escape is gone: printing the sentence escapes nothing.
    expect(terminalSafe(said)).toBe(said);
  });

  it('redacts a key the removal would join back together, and never ends on half a pair', () => {
    expect(serverText('key AB\u202eCD here', ['ABCD'], 200)).toBe('key [redacted] here');
    expect(serverText('ab\u{1F69A}cd', [], 3)).toBe('ab');
  });
});
