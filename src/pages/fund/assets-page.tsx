import { memo } from 'preact/compat';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Balance, FundAccountView, WalletOverview } from '../../../contract/api/wallet.ts';
import { assetUrl } from '../../api/asset-url.ts';
import { fetchOverviewServed, peekOverview } from '../../api/wallet.ts';
import { isSmallBalance } from '../../lib/money.ts';
import { addDecimal } from '../../lib/decimal.ts';
import { $online } from '../../stores/network.ts';
import { $hideSmallBalances } from '../../stores/preferences.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { IconDeposit, IconRecords, IconRefresh, IconSwap, IconWithdraw } from '../../ui/icons.tsx';
import { PullToRefresh } from '../../ui/pull-to-refresh.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { useRevealedCount } from '../../ui/use-revealed-count.ts';
import { ACCOUNT_LABELS } from './fund-labels.ts';
import { useMoneyFormat } from './use-money-format.ts';
import './fund.css';

/** The assets tab: the total in the user's fiat, each fund account, and the ways money moves. */
export function AssetsPage() {
  const overview = useResource(fetchOverviewServed, [], peekOverview);
  const waiting = useRef<(() => void)[]>([]);

  // Pull to refresh resolves once the new answer (or its failure) has arrived.
  useEffect(() => {
    if (!overview.loading) for (const resolve of waiting.current.splice(0)) resolve();
  }, [overview.loading]);
  const refresh = () =>
    new Promise<void>((resolve) => {
      waiting.current.push(resolve);
      overview.reload();
    });

  return (
    <PullToRefresh onRefresh={refresh}>
      <ResourceView resource={overview}>{({ data, asOf }) => <Overview data={data} asOf={asOf} onRefresh={() => void refresh()} refreshing={overview.loading} />}</ResourceView>
    </PullToRefresh>
  );
}

function Overview({ data, asOf, onRefresh, refreshing }: { data: WalletOverview; asOf: number; onRefresh: () => void; refreshing: boolean }) {
  const { t, i18n } = useLingui();
  const online = useStore($online);
  const money = useMoneyFormat();
  const hideSmall = useStore($hideSmallBalances) === '1';
  const fiatCode = money.fiatCode;
  const accounts = data.accounts;
  const [selected, setSelected] = useState(accounts.find((a) => a.account === 'change')?.account ?? accounts[0]?.account);
  const account = accounts.find((a) => a.account === selected) ?? accounts[0];

  return (
    <div class="stack assets">
      <section class="assets__head" aria-labelledby="total-title">
        <div class="assets__head-row">
          <h2 id="total-title" class="assets__label">
            <Trans>Total assets ({fiatCode})</Trans>
          </h2>
          <button type="button" class="icon-btn assets__refresh" onClick={onRefresh} disabled={refreshing} aria-label={t`Refresh`}>
            <IconRefresh />
          </button>
        </div>
        <p class="assets__total" data-testid="assets-total">
          {money.fiat(data.total_converted)}
        </p>
        <p class="assets__sub">≈ {money.amount(data.total_converted, 2)} USDT</p>
        <AsOf asOf={asOf} online={online} />
        <nav class="quick-actions" aria-label={t`Quick actions`}>
          <a href="#/pages/fund/select?type=recharge">
            <IconDeposit />
            <Trans>Deposit</Trans>
          </a>
          <a href="#/pages/fund/select?type=withdraw">
            <IconWithdraw />
            <Trans>Withdraw</Trans>
          </a>
          <a href="#/pages/fund/transfer">
            <IconSwap />
            <Trans>Transfer</Trans>
          </a>
          <a href="#/pages/fund/assets_all_record">
            <IconRecords />
            <Trans>Records</Trans>
          </a>
        </nav>
      </section>

      {accounts.length > 0 && (
        <div class="chips" role="tablist" aria-label={t`Fund accounts`}>
          {accounts.map((a) => (
            <button key={a.account} type="button" role="tab" class="chip" aria-selected={a.account === account?.account} tabIndex={a.account === account?.account ? 0 : -1} onClick={() => setSelected(a.account)}>
              {i18n._(ACCOUNT_LABELS[a.account])}
            </button>
          ))}
        </div>
      )}

      {account ? <AccountCard key={account.account} account={account} hideSmall={hideSmall} /> : <EmptyState text={t`No fund accounts yet`} />}
    </div>
  );
}

type MoneyFormat = ReturnType<typeof useMoneyFormat>;
interface RowLabels {
  available: string;
  frozen: string;
  value: string;
}

function AccountCard({ account, hideSmall }: { account: FundAccountView; hideSmall: boolean }) {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const shown = hideSmall ? account.balances.filter((b) => !isSmallBalance(b.converted)) : account.balances;
  const name = i18n._(ACCOUNT_LABELS[account.account]);
  // Made once for the forty-odd rows: as components of their own, each row's labels and formatters
  // were a dozen hooks and two store subscriptions, most of the first render's cost.
  const labels: RowLabels = useMemo(() => ({ available: t`Available`, frozen: t`Frozen`, value: t`Value` }), [t]);
  const revealed = useRevealedCount(shown.length, FIRST_ROWS, MORE_ROWS);
  return (
    <section class="card account-card" role="tabpanel" aria-label={name} data-account={account.account}>
      <div class="account-card__head">
        <div>
          <p class="muted">
            <Trans>{name} total</Trans>
          </p>
          <p class="account-card__total">{money.fiat(account.total_converted)}</p>
        </div>
      </div>
      <label class="switch-label account-card__tools">
        <span>
          <Trans>Hide small balances</Trans>
        </span>
        <input type="checkbox" class="switch" checked={hideSmall} onChange={(e) => $hideSmallBalances.set((e.currentTarget as HTMLInputElement).checked ? '1' : '0')} />
      </label>
      {shown.length === 0 ? (
        <EmptyState text={hideSmall && account.balances.length > 0 ? t`Only small balances here. Turn off "Hide small balances" to see them.` : t`No assets in this account yet`}>
          {!hideSmall && (
            <a class="btn btn--primary" href="#/pages/fund/select?type=recharge">
              <Trans>Deposit</Trans>
            </a>
          )}
        </EmptyState>
      ) : (
        <ul class="balance-list">
          {shown.slice(0, revealed).map((b) => (
            <BalanceRow key={b.currency_id} balance={b} account={account.account} money={money} labels={labels} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A phone screen holds about five rows under the account's head; the rest follow a frame later. */
const FIRST_ROWS = 8;
const MORE_ROWS = 8;

const BalanceRow = memo(function BalanceRow({ balance: b, account, money, labels }: { balance: Balance; account: string; money: MoneyFormat; labels: RowLabels }) {
  const total = addDecimalSafe(b.available, b.frozen);
  return (
    <li>
      <a class="balance-row" href={`#/pages/fund/assets_record?currency_id=${b.currency_id}&currency=${encodeURIComponent(b.currency)}&account=${account}`} data-currency={b.currency}>
        <CoinIcon symbol={b.currency} src={assetUrl(b.image)} />
        <div class="balance-row__main">
          <div class="balance-row__line">
            <strong>{b.currency}</strong>
            <strong class="num">{money.amount(total)}</strong>
          </div>
          <dl class="balance-row__grid">
            <div>
              <dt>{labels.available}</dt>
              <dd class="num" data-field="available">
                {money.amount(b.available)}
              </dd>
            </div>
            <div>
              <dt>{labels.frozen}</dt>
              <dd class="num" data-field="frozen">
                {money.amount(b.frozen)}
              </dd>
            </div>
            <div>
              <dt>{labels.value}</dt>
              <dd class="num">≈ {money.fiat(b.converted)}</dd>
            </div>
          </dl>
        </div>
      </a>
    </li>
  );
});

function addDecimalSafe(a: string, b: string): string {
  try {
    return addDecimal(a, b);
  } catch {
    return '';
  }
}
