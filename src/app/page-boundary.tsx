import { Component, type ComponentChildren } from 'preact';
import { Trans } from '@lingui/react/macro';

interface State {
  failed: boolean;
}

/** A page that fails to load or render shows a load error with a retry, never a blank screen. */
export class PageBoundary extends Component<{ children: ComponentChildren }, State> {
  override state: State = { failed: false };

  static override getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('Page failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
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
