import { useEffect, useRef, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import { countdownParts, msUntil } from './ieo-time.ts';

/** Now, every second while mounted. */
function useSecondTick(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "Starts in 2d 03:04:05" / "Ends in 03:04:05" by the server's clock (`offsetMs`); `onElapsed` once
 * the moment passes, so the screen reads the new phase.
 */
export function IeoCountdown({ atMs, offsetMs, kind, onElapsed }: { atMs: number; offsetMs: number; kind: 'start' | 'end'; onElapsed?: () => void }) {
  const { t } = useLingui();
  const now = useSecondTick();
  const left = msUntil(atMs, now, offsetMs);
  const told = useRef(false);
  useEffect(() => {
    if (left === 0 && !told.current) {
      told.current = true;
      onElapsed?.();
    }
  }, [left]);
  const { days, clock } = countdownParts(left);
  const time = days > 0 ? t`${days}d ${clock}` : clock;
  return (
    <span class="ieo-countdown num" role="timer" data-testid={`countdown-${kind}`}>
      {kind === 'start' ? t`Starts in ${time}` : t`Ends in ${time}`}
    </span>
  );
}
