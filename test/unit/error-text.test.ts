import { describe, expect, it } from 'vitest';
import { errorText } from '../../shared/util/error-text.ts';

describe('errorText', () => {
  it("is an Error's message (subclasses included), never its stack or name", () => {
    expect(errorText(new RangeError('out of range'))).toBe('out of range');
  });
  it('is any other thrown value as a string', () => {
    expect(errorText('plain')).toBe('plain');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
  });
});
