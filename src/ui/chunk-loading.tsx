import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Trans } from '@lingui/react/macro';
import { PageLoading } from './page-loading.tsx';

/**
 * How long a chunk (a screen, a trade tab panel, home's markets block, the chart) may take before a
 * reload is offered. A fetch on
 * a hung connection gets no answer and no error for minutes, and the installed app (display
 * standalone) has no reload button of the browser's. Importing the chunk again from the page would
 * not help: Chromium holds a second fetch of a URL behind the hanging one (seen for the socket
 * worker's script), and the chunk under another URL would be a second copy of its modules. A reload
 * cancels the hung fetch. 15 s is more than ten times what the largest chunk (45 kB) takes on the
 * weak-network bench's 400 kbit/s.
 */
export const CHUNK_STALL_MS = 15_000;

/**
 * What holds the place while a chunk loads (the spinner, or the block's own `placeholder`); past
 * CHUNK_STALL_MS, a line under it saying so and a Retry that reloads.
 */
export function ChunkLoading({ placeholder }: { placeholder?: JSX.Element }) {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStalled(true), CHUNK_STALL_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      {placeholder ?? <PageLoading />}
      {stalled && (
        <div class={placeholder ? 'load-error load-error--under-block' : 'load-error load-error--under-spinner'} role="alert">
          <p>
            <Trans>This page is taking a long time to load.</Trans>
          </p>
          <button type="button" class="btn btn--ghost" onClick={() => location.reload()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      )}
    </>
  );
}
