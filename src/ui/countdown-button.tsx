import { useEffect, useState } from 'preact/hooks';
import { Trans } from '@lingui/react/macro';

/**
 * "Send code" with the resend countdown: after a send it counts down the seconds the server gave
 * and only then allows another send.
 */
export function CountdownButton({ onSend }: { onSend: () => Promise<number> }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = () => {
    if (busy || left > 0) return;
    setBusy(true);
    onSend().then(
      (seconds) => setLeft(seconds),
      () => undefined,
    ).finally(() => setBusy(false));
  };
  return (
    <button type="button" class="btn btn--small btn--ghost" disabled={busy || left > 0} onClick={send}>
      {left > 0 ? <Trans>Resend in {left}s</Trans> : <Trans>Send code</Trans>}
    </button>
  );
}
