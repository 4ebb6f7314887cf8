import type { ComponentChildren } from 'preact';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from './dialog.tsx';

/** Shown instead of the password prompt when the user has no payment password yet: why, and where to set one. */
export function PayPasswordNeededDialog({ children, onClose }: { children: ComponentChildren; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog title={t`Payment password needed`} onClose={onClose}>
      <p>{children}</p>
      <a class="btn btn--primary btn--block" href="#/pages/setting/payPassword">
        <Trans>Set payment password</Trans>
      </a>
    </Dialog>
  );
}
