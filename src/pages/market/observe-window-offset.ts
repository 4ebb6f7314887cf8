import type { Virtualizer } from '@tanstack/react-virtual';

type OffsetObserver = (instance: Virtualizer<Window, Element>, cb: (offset: number, isScrolling: boolean) => void) => (() => void) | undefined;

/**
 * TanStack's window offset observer (`observeWindowOffset`) without a timer per scroll event. The
 * library tells the list it has stopped `isScrollingResetDelay` after the last scroll event, by
 * clearing and setting a timeout on every event; under the market's quote flood at 4x CPU those two
 * calls were a seventh of a scroll event's script, in the frames that are already the longest.
 * Here one timer is out at a time and a scroll event only raises a flag: a timer that finds the
 * flag raised lowers it and waits again. So the list hears of the rest between one and two delays
 * after the last event (at most 300 ms with the library's 150), which only decides when the rows
 * go back to document order and the last rows out of sight are written; every scroll event is
 * still told at once, as the library tells it.
 */
export function observeWindowOffsetLazily(): OffsetObserver {
  return (instance, cb) => {
    const win = instance.scrollElement;
    if (!win) return undefined;
    const delay = instance.options.isScrollingResetDelay;
    let moved = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      if (moved) {
        moved = false;
        timer = setTimeout(settle, delay);
        return;
      }
      timer = undefined;
      cb(win.scrollY, false);
    };
    const onScroll = () => {
      if (timer === undefined) timer = setTimeout(settle, delay);
      else moved = true;
      cb(win.scrollY, true);
    };
    win.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      win.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  };
}
