import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';

/** How far (px) the indicator must be pulled open (half the finger's travel) before letting go refreshes. */
export const PULL_THRESHOLD_PX = 56;
const MAX_PULL_PX = 96;

/**
 * Pull down at the top of the page to refresh (touch screens). The gesture is an extra: screens
 * keep a visible refresh control for everyone else.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ComponentChildren }) {
  const { t } = useLingui();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  // While this screen is open the browser's own pull-to-refresh (a full reload) stays out of the way.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = before;
    };
  }, []);

  const onTouchStart = (e: TouchEvent) => {
    start.current = window.scrollY <= 0 && !refreshing ? (e.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (start.current === null) return;
    const dy = (e.touches[0]?.clientY ?? 0) - start.current;
    // Half the finger's travel, so the pull feels like it resists.
    setPull(dy > 0 ? Math.min(MAX_PULL_PX, dy / 2) : 0);
  };
  const onTouchEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (pull >= PULL_THRESHOLD_PX) {
      setRefreshing(true);
      void onRefresh().finally(() => setRefreshing(false));
    }
    setPull(0);
  };

  const shown = refreshing ? 40 : pull;
  return (
    <div class="ptr" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div class="ptr__indicator" style={{ height: `${shown}px` }} aria-hidden={!refreshing}>
        {(refreshing || pull > 0) && <span class={refreshing ? 'spinner spinner--small' : 'spinner spinner--small spinner--still'} role={refreshing ? 'progressbar' : undefined} aria-label={refreshing ? t`Refreshing` : undefined} />}
      </div>
      {children}
    </div>
  );
}
