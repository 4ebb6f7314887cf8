import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contract/api/content.ts';
import type { FundAccount, WalletOverview } from '../../../contract/api/wallet.ts';
import { fetchCoins } from '../../api/content.ts';
import { accountTransferAction, fetchOverviewServed } from '../../api/wallet.ts';
import { trimDecimal, truncateDecimal } from '../../lib/decimal.ts';
import { checkAmount, normaliseAmountInput } from '../../lib/money.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { IconSwap } from '../../ui/icons.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { AmountField, Facts } from './amount-field.tsx';
import { TRANSFER_ACCOUNTS, availableIn, isFundAccount } from './balances.ts';
import { ACCOUNT_LABELS, amountProblemText } from './fund-labels.ts';
import { useMoneyFormat } from './use-money-format.ts';
import { queryId } from './use-query.ts';
import './fund.css';

const loadAll = () => Promise.all([fetchCoins(), fetchOverviewServed()]);

/** Between two of the user's own fund accounts (POST /wallet/change). */
export function AccountTransferForm({ query }: { query: URLSearchParams }) {
  const data = useResource(loadAll, []);
  return (
    <ResourceView resource={data}>
      {([coins, overview]) => <Form coins={coins.filter((c) => c.status === 1)} overview={overview.data} asOf={overview.asOf} query={query} onDone={data.reload} />}
    </ResourceView>
  );
}

function Form({ coins, overview, asOf, query, onDone }: { coins: Coin[]; overview: WalletOverview; asOf: number; query: URLSearchParams; onDone: () => void }) {
  const online = useStore($online);
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const fromQuery = query.get('from');
  const toQuery = query.get('to');
  // Every account the assets tab shows; a product's screen may name its own (lock mining: ?to=mining).
  const shown = overview.accounts.length > 1 ? overview.accounts.map((a) => a.account) : TRANSFER_ACCOUNTS;
  const accounts = isFundAccount(toQuery) && !shown.includes(toQuery) ? [...shown, toQuery] : shown;
  const [from, setFrom] = useState<FundAccount>(isFundAccount(fromQuery) && accounts.includes(fromQuery) ? fromQuery : 'change');
  const [to, setTo] = useState<FundAccount>(isFundAccount(toQuery) && toQuery !== from ? toQuery : from === 'lever' ? 'change' : 'lever');
  const wanted = queryId(query, 'currency_id');
  const [currencyId, setCurrencyId] = useState(coins.find((c) => c.id === wanted)?.id ?? coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [transfer] = useState(accountTransferAction);

  const coin = coins.find((c) => c.id === currencyId);
  const currency = coin?.name ?? '';
  const decimals = coin?.decimals ?? 8;
  const available = availableIn(overview, from, currencyId);
  const accountOptions = accounts.map((a) => [a, i18n._(ACCOUNT_LABELS[a])] as const);

  const pickFrom = (a: FundAccount) => {
    setFrom(a);
    if (a === to) setTo(from);
  };
  const pickTo = (a: FundAccount) => {
    setTo(a);
    if (a === from) setFrom(to);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
  };

  const submit = () => {
    const clean = normaliseAmountInput(amount);
    const problem = checkAmount(clean, { decimals, available });
    const message = problem ? amountProblemText(i18n, problem, '', currency) : null;
    setError(message);
    if (message || !coin) return;
    transfer({ currency_id: coin.id, number: clean, from_field: from, to_field: to }).then(
      () => {
        showToast(t`Transfer complete`, 'success');
        setAmount('');
        onDone();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <div class="transfer-pair">
        <div class="transfer-pair__fields">
          <SelectField label={t`From`} name="from" value={from} options={accountOptions} onChange={pickFrom} />
          <SelectField label={t`To`} name="to" value={to} options={accountOptions} onChange={pickTo} />
        </div>
        <button type="button" class="icon-btn transfer-pair__swap" onClick={swap} aria-label={t`Swap the two accounts`}>
          <IconSwap />
        </button>
      </div>
      <SelectField label={t`Currency`} name="currency" value={String(currencyId)} options={coins.map((c) => [String(c.id), c.name] as const)} onChange={(v) => setCurrencyId(Number(v))} />
      <AmountField label={t`Amount`} value={amount} onInput={setAmount} error={error} currency={currency} onAll={() => setAmount(trimDecimal(truncateDecimal(available, decimals)))} />
      <Facts rows={[[t`Available`, `${money.amount(available)} ${currency}`]]} />
      <AsOf asOf={asOf} online={online} />
      <SubmitButton onSubmit={submit}>
        <Trans>Transfer</Trans>
      </SubmitButton>
      <a class="link-center" href="#/pages/fund/transfer_history">
        <Trans>Transfer history</Trans>
      </a>
    </form>
  );
}
