import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT } from '../../renderer/src/components/rows-window.ts';
import { NumberedList, NUMBERED_ROW } from '../support/numbered-list.tsx';

afterEach(cleanup);

const ROW = NUMBERED_ROW;

function list(count: number) {
  render(<NumberedList count={count} testId="list" />);
  return screen.getByTestId('list');
}

function scrollTo(el: HTMLElement, top: number): void {
  el.scrollTop = top;
  fireEvent.scroll(el);
}

const texts = () => screen.getAllByTestId('row').map((r) => r.textContent);
const topOf = (text: string) => screen.getByText(text).parentElement!.style.top;

describe('VirtualList', () => {
  it('places a short list one to one: row i at i × the row height', () => {
    const el = list(1000);
    expect((el.firstElementChild as HTMLElement).style.height).toBe(`${1000 * ROW}px`);
    scrollTo(el, 500 * ROW);
    expect(texts()).toContain('row 500');
    expect(topOf('row 500')).toBe(`${500 * ROW}px`);
  });

  it('scrolls a million rows within the browser-safe height, down to the last row', () => {
    const el = list(1_000_000);
    expect((el.firstElementChild as HTMLElement).style.height).toBe(`${MAX_SCROLL_HEIGHT}px`);
    expect(texts()[0]).toBe('row 0');
    // happy-dom lays nothing out: the view is 0 px tall, so the bottom is the content's full height.
    scrollTo(el, MAX_SCROLL_HEIGHT);
    expect(texts()).toContain('row 999999');
    // The last row ends at the bottom of the scrolled content, where the view is.
    expect(topOf('row 999999')).toBe(`${MAX_SCROLL_HEIGHT - ROW}px`);
  });
});
