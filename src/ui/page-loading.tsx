import { useEffect, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';

/** Section 8: the loading view appears only after 200 ms, so fast chunks never flash it. */
export const LOADING_VIEW_DELAY_MS = 200;

export function PageLoading() {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <div class="page-loading" role="progressbar" aria-label={t`Loading`}>
      <span class="spinner" />
    </div>
  ) : null;
}
