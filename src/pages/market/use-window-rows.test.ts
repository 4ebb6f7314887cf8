import { describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { skipFirstWindowWrite, stickyRange } from './use-window-rows.ts';

/** Just what TanStack's windowScroll reads from the instance. */
function fakeInstance() {
  const scrollTo = vi.fn();
  const instance = { scrollElement: { scrollTo }, options: { horizontal: false, isRtl: false } } as unknown as Virtualizer<Window, Element>;
  return { instance, scrollTo };
}

describe('skipFirstWindowWrite', () => {
  it("skips the mount's write to where the window is, and lets every later one through", () => {
    const { instance, scrollTo } = fakeInstance();
    const scroll = skipFirstWindowWrite();
    scroll(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
    scroll(0, {}, instance);
    scroll(600, { adjustments: 60 }, instance);
    expect(scrollTo.mock.calls).toEqual([[{ top: 0, behavior: undefined }], [{ top: 660, behavior: undefined }]]);
  });

  it('never skips a first write that animates or adjusts', () => {
    for (const options of [{ behavior: 'smooth' as const }, { adjustments: 120 }]) {
      const { instance, scrollTo } = fakeInstance();
      skipFirstWindowWrite()(300, options, instance);
      expect(scrollTo).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps one flag per list', () => {
    const a = fakeInstance();
    const b = fakeInstance();
    const first = skipFirstWindowWrite();
    first(0, {}, a.instance);
    skipFirstWindowWrite()(0, {}, b.instance);
    expect([a.scrollTo.mock.calls.length, b.scrollTo.mock.calls.length]).toEqual([0, 0]);
  });
});

describe('stickyRange', () => {
  const range = (startIndex: number, endIndex: number, count = 100) => ({ startIndex, endIndex, overscan: 6, count, lanes: 1 });

  it('starts as TanStack does: the rows on screen and the overscan each side, within the list', () => {
    expect(stickyRange(2)(range(10, 20))).toEqual(Array.from({ length: 23 }, (_, i) => 4 + i));
    expect(stickyRange(2)(range(0, 5, 8))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the very same rows while the screen stays the margin inside them, then moves to it again', () => {
    const extract = stickyRange(2);
    const first = extract(range(10, 20));
    // Screen one to four rows down: rows 4..26 still hold it with two to spare.
    for (let down = 1; down <= 4; down += 1) expect(extract(range(10 + down, 20 + down))).toBe(first);
    // Five down, one row of overscan left below: the window moves to the screen's rows again.
    const moved = extract(range(15, 25));
    expect(moved).toEqual(Array.from({ length: 23 }, (_, i) => 9 + i));
    expect(extract(range(13, 23))).toBe(moved);
    expect(extract(range(10, 20))).toEqual(Array.from({ length: 23 }, (_, i) => 4 + i));
  });

  it('never leaves a row on screen outside the window: a jump, or a shorter list, starts again', () => {
    const extract = stickyRange(2);
    extract(range(10, 20));
    expect(extract(range(60, 70))[0]).toBe(54);
    expect(extract(range(60, 70, 65)).at(-1)).toBe(64);
  });

  it('at the ends of the list the margin is not asked for', () => {
    const extract = stickyRange(2);
    const top = extract(range(0, 10));
    expect(extract(range(1, 11))).toBe(top);
    const bottom = extract(range(89, 99));
    expect(bottom.at(-1)).toBe(99);
    expect(extract(range(88, 98))).toBe(bottom);
  });
});
