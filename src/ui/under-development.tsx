import { Trans } from '@lingui/react/macro';
import { IconTools } from './icons.tsx';

/** The screen of a route whose feature a later piece of work builds. */
export function UnderDevelopment() {
  return (
    <div class="empty-state">
      <IconTools />
      <p>
        <Trans>Feature under development</Trans>
      </p>
      <a class="btn btn--ghost" href="#/">
        <Trans>Back to home</Trans>
      </a>
    </div>
  );
}
