import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contract/api/content.ts';
import { assetUrl } from '../../api/asset-url.ts';
import { fetchCoins } from '../../api/content.ts';
import { fetchDepositAddress } from '../../api/wallet.ts';
import { showToast } from '../../stores/toast.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { NetworkPicker } from './network-picker.tsx';
import { queryId, useQuery } from './use-query.ts';
import './fund.css';

/** Deposit: the user's address for one currency on one network, as text and QR code. */
export function ReceivePage() {
  const { t } = useLingui();
  const currencyId = queryId(useQuery(), 'currency_id');
  const coins = useResource(fetchCoins, []);
  return (
    <ResourceView resource={coins}>
      {(list) => {
        const coin = list.find((c) => c.id === currencyId && c.networks.length > 0);
        if (!coin) {
          return (
            <EmptyState text={t`Choose a currency to deposit first`}>
              <a class="btn btn--primary" href="#/pages/fund/select?type=recharge">
                <Trans>Select currency</Trans>
              </a>
            </EmptyState>
          );
        }
        return <Receive coin={coin} />;
      }}
    </ResourceView>
  );
}

function Receive({ coin }: { coin: Coin }) {
  const { t } = useLingui();
  const [networkId, setNetworkId] = useState(coin.networks[0]!.id);
  const network = coin.networks.find((n) => n.id === networkId) ?? coin.networks[0]!;
  const address = useResource(() => fetchDepositAddress(coin.id, network.id), [coin.id, network.id]);
  const currency = coin.name;
  const networkName = network.name;
  const confirmations = network.confirmations;

  return (
    <div class="stack">
      <div class="coin-head">
        <CoinIcon symbol={coin.name} src={assetUrl(coin.image)} size={36} />
        <div>
          <p class="coin-head__name">{coin.name}</p>
          <p class="muted">{coin.full_name}</p>
        </div>
        <a class="btn btn--small btn--ghost" href="#/pages/fund/select?type=recharge">
          <Trans>Change</Trans>
        </a>
      </div>

      <NetworkPicker networks={coin.networks} value={network.id} onChange={setNetworkId} />

      <section class="card receive" aria-label={t`Deposit address`}>
        <ResourceView resource={address}>
          {(a) => (
            <>
              <div class="receive__qr">
                <QrCode value={a.address} label={t`QR code of the ${currency} deposit address on ${networkName}`} />
              </div>
              <p class="field__label">
                <Trans>
                  {currency} deposit address ({networkName})
                </Trans>
              </p>
              <div class="receive__address">
                <code data-testid="deposit-address">{a.address}</code>
                <CopyButton
                  text={a.address}
                  label={t`Copy address`}
                  onDone={(ok) => showToast(ok ? t`Address copied` : t`Could not copy. Select the address and copy it by hand.`, ok ? 'success' : 'error')}
                />
              </div>
            </>
          )}
        </ResourceView>
      </section>

      <ul class="notes">
        <li>
          <Trans>
            Send only {currency} on the {networkName} network to this address. Anything else sent here will be lost.
          </Trans>
        </li>
        <li>
          <Trans>The deposit is credited after {confirmations} network confirmations.</Trans>
        </li>
      </ul>

      <a class="btn btn--ghost btn--block" href="#/pages/fund/receive_withdraw_record?tab=deposit">
        <Trans>Deposit records</Trans>
      </a>
    </div>
  );
}
