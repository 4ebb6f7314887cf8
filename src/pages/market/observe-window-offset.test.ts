import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { observeWindowOffsetLazily } from './observe-window-offset.ts';

const DELAY = 150;

/** A window that scrolls when told, and what the observer told the list. */
function setUp() {
  const win = Object.assign(new EventTarget(), { scrollY: 0 });
  const instance = { scrollElement: win, options: { isScrollingResetDelay: DELAY } } as unknown as Virtualizer<Window, Element>;
  const calls: [number, boolean][] = [];
  const stop = observeWindowOffsetLazily()(instance, (offset, scrolling) => calls.push([offset, scrolling]));
  const scrollTo = (y: number) => {
    win.scrollY = y;
    win.dispatchEvent(new Event('scroll'));
  };
  return { calls, stop: stop!, scrollTo };
}

describe('observeWindowOffsetLazily', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells every scroll event at once, and the rest a delay after a lone event', () => {
    const { calls, scrollTo } = setUp();
    scrollTo(60);
    expect(calls).toEqual([[60, true]]);
    vi.advanceTimersByTime(DELAY - 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([
      [60, true],
      [60, false],
    ]);
    vi.advanceTimersByTime(DELAY * 4);
    expect(calls).toHaveLength(2);
  });

  it('is at rest within two delays of the last scroll event, with one timer for many events', () => {
    const { calls, scrollTo } = setUp();
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    // Ten events 30 ms apart (the last at 270 ms), as a fling sends them.
    for (let step = 1; step <= 10; step += 1) {
      scrollTo(step * 60);
      vi.advanceTimersByTime(30);
    }
    expect(calls.filter(([, scrolling]) => !scrolling)).toEqual([]);
    // The timers fire at 150 and 300 ms and find that it moved; the one at 450 finds it still, 180 ms
    // after the last event.
    vi.advanceTimersByTime(449 - 300);
    expect(calls.filter(([, scrolling]) => !scrolling)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.filter(([, scrolling]) => !scrolling)).toEqual([[600, false]]);
    expect(calls.filter(([, scrolling]) => scrolling)).toHaveLength(10);
    // Three timers for ten events (one each 150 ms), where the library set ten and cleared nine.
    expect(setTimeoutSpy.mock.calls.length).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never tells a rest while events come faster than the delay', () => {
    const { calls, scrollTo } = setUp();
    for (let step = 1; step <= 40; step += 1) {
      scrollTo(step);
      vi.advanceTimersByTime(DELAY - 1);
    }
    expect(calls.every(([, scrolling]) => scrolling)).toBe(true);
    vi.advanceTimersByTime(DELAY * 2);
    expect(calls.at(-1)).toEqual([40, false]);
  });

  it('starts over after a rest', () => {
    const { calls, scrollTo } = setUp();
    scrollTo(60);
    vi.advanceTimersByTime(DELAY);
    scrollTo(0);
    vi.advanceTimersByTime(DELAY);
    expect(calls).toEqual([
      [60, true],
      [60, false],
      [0, true],
      [0, false],
    ]);
  });

  it('stops listening and drops its timer when the list lets go', () => {
    const { calls, stop, scrollTo } = setUp();
    scrollTo(60);
    stop();
    scrollTo(120);
    vi.advanceTimersByTime(DELAY * 2);
    expect(calls).toEqual([[60, true]]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
