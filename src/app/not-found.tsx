import { Trans } from '@lingui/react/macro';
import { NavBar } from '../ui/nav-bar.tsx';
import { useLingui } from '@lingui/react/macro';

export function NotFound() {
  const { t } = useLingui();
  return (
    <section class="screen" data-screen="not-found">
      <NavBar title={t`Page not found`} back />
      <div class="screen__body empty-state">
        <p>
          <Trans>This page does not exist.</Trans>
        </p>
        <a class="btn btn--primary" href="#/">
          <Trans>Back to home</Trans>
        </a>
      </div>
    </section>
  );
}
