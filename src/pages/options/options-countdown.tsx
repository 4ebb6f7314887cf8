import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $serverClock } from '../../stores/options-clock.ts';
import { elapsedShare, formatCountdown, remainingSeconds } from './options-clock.ts';

/** Re-renders every quarter second while `running`: the countdown changes once a second, on time. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** Time left until an option expires, by the server's clock, with a bar that fills as the period runs. */
export function OptionsCountdown({ expiresAtMs, seconds, large = false }: { expiresAtMs: number; seconds: number; large?: boolean }) {
  const { t } = useLingui();
  const clock = useStore($serverClock);
  const now = useNow(true);
  // Never more than the period: a late clock measurement must not show 31 s on a 30 s option.
  const left = Math.min(seconds, remainingSeconds(expiresAtMs, now, clock.offsetMs));
  const share = elapsedShare(expiresAtMs, seconds, now, clock.offsetMs);
  const text = formatCountdown(left);
  return (
    <span class={large ? 'options-countdown options-countdown--large' : 'options-countdown'} data-testid="countdown" data-left={left} data-clock={`${clock.source}:${clock.offsetMs}`}>
      <span class="num" role="timer" aria-label={left > 0 ? t`${text} left` : t`Settling…`}>
        {left > 0 ? text : t`Settling…`}
      </span>
      <span class="options-countdown__bar" aria-hidden="true">
        <span style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </span>
    </span>
  );
}
