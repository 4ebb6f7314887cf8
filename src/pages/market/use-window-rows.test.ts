import { describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { skipFirstWindowWrite } from './use-window-rows.ts';

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
