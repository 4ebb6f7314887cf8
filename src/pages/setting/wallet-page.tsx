import { useCallback, useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SavedAddress } from '../../../contract/api/wallet.ts';
import { deleteAddressAction, fetchAddresses } from '../../api/address-book.ts';
import { showToast } from '../../stores/toast.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { PagedList } from '../../ui/paged-list.tsx';
import { usePaged } from '../../ui/use-paged.ts';

/** The withdrawal address book: saved addresses, ten a page, each with copy and delete. */
export function WalletPage() {
  const { t } = useLingui();
  const paged = usePaged(useCallback((page: number, limit: number) => fetchAddresses(page, limit), []), []);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [remove] = useState(deleteAddressAction);

  const confirmDelete = () => {
    if (!deleting) return;
    remove({ id: deleting.id }).then(
      () => {
        setDeleting(null);
        showToast(t`Address deleted`, 'success');
        paged.reload();
      },
      () => undefined,
    );
  };
  const name = deleting?.name ?? '';

  return (
    <div class="stack">
      <a class="btn btn--primary btn--block" href="#/pages/setting/addWallet">
        <Trans>Add address</Trans>
      </a>
      <PagedList paged={paged} empty={t`No saved addresses yet`} label={t`Saved addresses`}>
        {(a: SavedAddress) => {
          const label = a.name;
          return (
          <li key={a.id} class="address-card" data-address={a.id}>
            <div class="record__line">
              <strong>{a.name}</strong>
              <span class="badge badge--wait">
                {a.currency} · {a.network}
              </span>
            </div>
            <p class="mono break">{a.address}</p>
            <div class="button-row">
              <CopyButton text={a.address} label={t`Copy address`} onDone={(ok) => showToast(ok ? t`Address copied` : t`Could not copy. Select the address and copy it by hand.`, ok ? 'success' : 'error')} />
              <button type="button" class="btn btn--small btn--danger" onClick={() => setDeleting(a)} aria-label={t`Delete ${label}`}>
                <Trans>Delete</Trans>
              </button>
            </div>
          </li>
          );
        }}
      </PagedList>
      {deleting && (
        <Dialog title={t`Delete address?`} onClose={() => setDeleting(null)}>
          <p>
            <Trans>"{name}" will be removed from your address book. Withdrawals already made are not affected.</Trans>
          </p>
          <DialogActions danger onCancel={() => setDeleting(null)} onConfirm={confirmDelete}>
            <Trans>Delete</Trans>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
