import { Component, type ComponentChildren } from 'preact';
import { Trans } from '@lingui/react/macro';
import { PageLoading } from '../ui/page-loading.tsx';
import { isChunkLoadError, reloadIfChunkGone } from '../lib/chunk-reload.ts';

interface State {
  failed: boolean;
  /** A chunk failed to load: the page is finding out whether its build is gone, and then reloading onto the new one. */
  reloading: boolean;
}

/** A page that fails to load or render shows a load error with a retry, never a blank screen. */
export class PageBoundary extends Component<{ children: ComponentChildren }, State> {
  override state: State = { failed: false, reloading: false };

  static override getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('Page failed', error);
    if (!isChunkLoadError(error)) return;
    // A spinner while the server is asked whether the chunk's build is gone (then it reloads), not an error that flashes first.
    this.setState({ reloading: true });
    void reloadIfChunkGone(error).then((reloads) => reloads || this.setState({ reloading: false }));
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading) return <PageLoading />;
    return (
      <div class="load-error" role="alert">
        <p>
          <Trans>This page could not be loaded.</Trans>
        </p>
        <button type="button" class="btn btn--ghost" onClick={() => location.reload()}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
}
