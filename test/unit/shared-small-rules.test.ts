import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS, labelProblem, MAX_LABEL_LENGTH } from '../../shared/domain/label.ts';
import { stripIllegalXml, xmlAttr, xmlText } from '../../shared/export/xml.ts';
import { historyWindow } from '../../shared/util/history-window.ts';

/** Small shared rules with every edge written out: XML text, carrier labels, the API's history window. */
describe('XML text and attributes', () => {
  it('keeps tab, LF, CR and every legal character up to the edges of the legal ranges', () => {
    const legal = '\t\n\r \u00a0\ud7ff\ue000\ufffd\u{10000}😀\u{10ffff}';
    expect(stripIllegalXml(legal)).toBe(legal);
  });

  it('drops the characters XML 1.0 forbids: other C0 controls, lone surrogates, U+FFFE and U+FFFF', () => {
    expect(stripIllegalXml('a\u0000b\u0008c\u000bd\u000ce\u001ff\ud800g\udfffh\ufffei\uffffj')).toBe('abcdefghij');
  });

  it('writes text with &, <, >, quotes and CR as references, and LF and tab as they are', () => {
    expect(xmlText(`a&b<c>d"e'f\rg\nh\ti\u0001`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f&#13;g\nh\ti');
  });

  it('writes attribute values with LF and tab as references too', () => {
    expect(xmlAttr(`a&b<c>d"e'f\rg\nh\ti\u0001`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f&#13;g&#10;h&#9;i');
  });
});

describe('carrier label rule', () => {
  it('says what is wrong with a label, or null', () => {
    expect(labelProblem(42)).toBe('must be text');
    expect(labelProblem(undefined)).toBe('must be text');
    expect(labelProblem('')).toBe('must not be empty');
    expect(labelProblem(' \t\n ')).toBe('must not be empty');
    expect(labelProblem('Prairie Line')).toBeNull();
  });

  it('counts the trimmed label: 100 characters with spaces around them pass, 101 do not', () => {
    expect(MAX_LABEL_LENGTH).toBe(100);
    expect(labelProblem(`  ${'x'.repeat(100)}  `)).toBeNull();
    expect(labelProblem('x'.repeat(101))).toBe('must be at most 100 characters');
  });

  it('refuses C0, DEL, C1 and the line and paragraph separators, and nothing next to them', () => {
    for (const c of ['\u0000', '\u001f', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029'])
      expect(labelProblem(`a${c}b`), JSON.stringify(c)).toBe('must not contain control characters');
    for (const c of [' ', '~', '\u00a0', '\u2027', '\u202a', 'é'])
      expect(labelProblem(`a${c}b`), JSON.stringify(c)).toBeNull();
    expect(CONTROL_CHARS.test('plain')).toBe(false);
  });
});

describe('API history window', () => {
  it('runs from the same day six months before through today, UTC', () => {
    expect(historyWindow(Date.UTC(2026, 2, 15, 0, 0, 0, 0))).toEqual({ start: '2025-09-15', end: '2026-03-15' });
    expect(historyWindow(Date.UTC(2026, 2, 15, 23, 59, 59, 999))).toEqual({ start: '2025-09-15', end: '2026-03-15' });
    expect(historyWindow(Date.UTC(2026, 0, 1, 12))).toEqual({ start: '2025-07-01', end: '2026-01-01' });
    expect(historyWindow(Date.UTC(2026, 11, 31, 12))).toEqual({ start: '2026-06-30', end: '2026-12-31' });
  });

  it('clamps to the last day of a shorter month, leap years included', () => {
    expect(historyWindow(Date.UTC(2026, 7, 31, 12))).toEqual({ start: '2026-02-28', end: '2026-08-31' });
    expect(historyWindow(Date.UTC(2028, 7, 31, 12))).toEqual({ start: '2028-02-29', end: '2028-08-31' });
    expect(historyWindow(Date.UTC(2026, 4, 31, 12))).toEqual({ start: '2025-11-30', end: '2026-05-31' });
    expect(historyWindow(Date.UTC(2026, 6, 31, 12))).toEqual({ start: '2026-01-31', end: '2026-07-31' });
  });
});
