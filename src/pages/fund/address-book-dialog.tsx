import { Trans, useLingui } from '@lingui/react/macro';
import type { SavedAddress } from '../../../contract/api/wallet.ts';
import { fetchAddresses } from '../../api/address-book.ts';
import { PAGE_LIMIT_MAX } from '../../../contract/envelope.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { Middle } from './record-row.tsx';

/** Saved addresses for this currency and network, to fill the withdrawal address with one tap. */
export function AddressBookDialog({
  currencyId,
  networkId,
  currency,
  network,
  onPick,
  onClose,
}: {
  currencyId: number;
  networkId: number;
  currency: string;
  network: string;
  onPick: (address: SavedAddress) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const book = useResource(() => fetchAddresses(1, PAGE_LIMIT_MAX), []);
  return (
    <Dialog title={t`Address book`} onClose={onClose}>
      <ResourceView resource={book}>
        {(page) => {
          const mine = page.data.filter((a) => a.currency_id === currencyId && a.network_id === networkId);
          if (mine.length === 0) {
            return (
              <p class="muted">
                <Trans>
                  No saved {currency} addresses on {network} yet.
                </Trans>
              </p>
            );
          }
          return (
            <ul class="list list--flat">
              {mine.map((a) => (
                <li key={a.id}>
                  <button type="button" class="list__item" onClick={() => onPick(a)}>
                    <span class="list__label">{a.name}</span>
                    <Middle text={a.address} />
                  </button>
                </li>
              ))}
            </ul>
          );
        }}
      </ResourceView>
      <a class="btn btn--ghost btn--block" href={`#/pages/setting/addWallet?currency_id=${currencyId}&network_id=${networkId}`}>
        <Trans>Add address</Trans>
      </a>
    </Dialog>
  );
}
