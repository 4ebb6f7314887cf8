import { Trans } from '@lingui/react/macro';

/** Where a 998 answer lands: the action needs identity verification first. */
export function RealMarkPage() {
  return (
    <div class="empty-state">
      <svg viewBox="0 0 24 24" width="56" height="56" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true">
        <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
      <h2 class="card__title">
        <Trans>Verify your identity to continue</Trans>
      </h2>
      <p>
        <Trans>
          This action is available to verified users only. Verification protects your account and raises your withdrawal limits; it takes a few minutes.
        </Trans>
      </p>
      <a class="btn btn--primary btn--block" href="#/pages/setting/real">
        <Trans>Verify now</Trans>
      </a>
      <a class="btn btn--ghost btn--block" href="#/">
        <Trans>Later</Trans>
      </a>
    </div>
  );
}
