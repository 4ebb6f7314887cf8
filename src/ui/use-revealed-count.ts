import { useEffect, useState } from 'preact/hooks';
import { afterPaint } from '../lib/after-paint.ts';

/**
 * How many of a long list's `total` rows to render now: `first` at once (a phone screen's worth),
 * then `step` more in a task of their own after each frame until all are there. A list of forty rows
 * rendered in one go is one long task on a slow phone (a tap waits behind rows nobody sees yet);
 * rendered this way it is several short ones, and the rows on screen show first. Rows should be
 * memoised so that each step renders only the new ones. A list that shrinks (a filter) and grows
 * again is revealed again from `first` on, or from its shorter length if that is more.
 */
export function useRevealedCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  const shown = Math.min(total, count);
  const floor = Math.max(first, total);
  useEffect(() => {
    // Shown rows stay (shown is already `total`); the count only stops running ahead of the list.
    if (count > floor) return void setCount(floor);
    if (shown >= total) return;
    let live = true;
    afterPaint(() => {
      if (live) setCount((c) => c + step);
    });
    return () => {
      live = false;
    };
  }, [count, floor, shown, total, step]);
  return shown;
}
