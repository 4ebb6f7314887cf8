import { useEffect, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';

/** Section 8: the loading view appears only after 200 ms, so fast chunks never flash it. */
export const LOADING_VIEW_DELAY_MS = 200;

/**
 * Busy (aria-busy) from the start, the spinner's delay included: assistive technology, and tests
 * that wait for a screen to settle, can tell a page still coming from one with nothing to show.
 */
export function PageLoading() {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <div class="page-loading" role="progressbar" aria-label={t`Loading`} aria-busy="true">
      <span class="spinner" />
    </div>
  ) : (
    <div aria-busy="true" />
  );
}
