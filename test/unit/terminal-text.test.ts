import { describe, expect, it } from 'vitest';
import { boundText } from '../../shared/util/bounded-text.ts';
import { terminalJson, terminalSafe } from '../../shared/util/terminal-text.ts';

/** The one rule for outside text on a terminal (issue 32, 2), and the one cut (issue 32, 3). */
describe('terminalSafe', () => {
  it('escapes C0 with ESC, DEL, C1, line separators, bidi controls and lone surrogates visibly; keeps the rest', () => {
    expect(terminalSafe('a\u001b[2Jb\u0007\u007f\u0085\u009b\u2028\u202e\u2066\u200f\u061c\ud800z😀é')).toBe(
      'a\\x1b[2Jb\\x07\\x7f\\x85\\x9b\\u2028\\u202e\\u2066\\u200f\\u061c\\ud800z😀é',
    );
  });
  it('bounds the text by code points, "…" marking the cut, never halving a pair', () => {
    expect(terminalSafe('x'.repeat(1000))).toBe(`${'x'.repeat(199)}…`);
    expect(terminalSafe('😀'.repeat(10), 4)).toBe('😀😀😀…');
    expect(boundText('abcd', 4)).toEqual({ text: 'abcd', cut: false });
    expect(boundText('abcde', 4)).toEqual({ text: 'abc…', cut: true });
  });
  it('JSON lines: escapes in \\u form, still the same value', () => {
    const value = { name: '\u001b]0;t\u0007\u007f\u0085\u202e' };
    const line = terminalJson(value);
    // eslint-disable-next-line no-control-regex -- what must not be left raw
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(line)).toEqual(value);
  });
});
