import { useEffect, useState } from 'preact/hooks';
import { afterPaint } from '../lib/after-paint.ts';

/**
 * How many of a long list's `total` rows to render now: `first` at once (a phone screen's worth),
 * then `step` more in a task of their own after each frame until all are there. A list of forty rows
 * rendered in one go is one long task on a slow phone (a tap waits behind rows nobody sees yet);
 * rendered this way it is several short ones, and the rows on screen show first. Rows should be
 * memoised so that each step renders only the new ones.
 */
export function useRevealedCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  const shown = Math.min(total, count);
  useEffect(() => {
    if (shown >= total) return;
    let live = true;
    afterPaint(() => {
      if (live) setCount((c) => c + step);
    });
    return () => {
      live = false;
    };
  }, [shown, total, step]);
  return shown;
}
