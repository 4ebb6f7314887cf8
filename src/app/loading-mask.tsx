import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $pendingRequests, LOADING_MASK_DELAY_MS } from '../stores/loading.ts';

/** The mask appears only when a request has run for 800 ms, so quick calls never flash it. */
export function LoadingMask() {
  const pending = useStore($pendingRequests) > 0;
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_MASK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <div class="loading-mask" role="progressbar" aria-label={t`Loading`}>
      <span class="spinner" />
    </div>
  );
}
