import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contract/api/content.ts';
import type { ExchangeQuote, WalletOverview } from '../../../contract/api/wallet.ts';
import { ApiError } from '../../api/client.ts';
import { fetchCoins } from '../../api/content.ts';
import { exchangeAction, fetchExchangeQuote, fetchOverviewServed } from '../../api/wallet.ts';
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
import { availableIn } from './balances.ts';
import { amountProblemText } from './fund-labels.ts';
import { useMoneyFormat } from './use-money-format.ts';
import { queryId } from './use-query.ts';
import './fund.css';

/** A quote is asked for once typing has paused this long. */
const QUOTE_DELAY_MS = 400;
/** Exchanges draw on the spot (coin) account. */
const EXCHANGE_ACCOUNT = 'change';

const loadAll = () => Promise.all([fetchCoins(), fetchOverviewServed()]);

/** Currency exchange with a live quote (/wallet/exchange_quote, then /wallet/exchange). */
export function ExchangeForm({ query }: { query: URLSearchParams }) {
  const data = useResource(loadAll, []);
  return (
    <ResourceView resource={data}>
      {([coins, overview]) => <Form coins={coins.filter((c) => c.status === 1 && c.type !== 'fiat')} overview={overview.data} asOf={overview.asOf} query={query} onDone={data.reload} />}
    </ResourceView>
  );
}

/** `again`: the quote failed on the way (network, time-out, offline, the engine away), not by the server's rules. */
type QuoteState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ok'; quote: ExchangeQuote } | { kind: 'error'; message: string; again: boolean };

const TRANSIENT = new Set(['NETWORK', 'TIMEOUT', 'OFFLINE', 'MARKET.ENGINE_UNAVAILABLE']);
const transient = (e: unknown) => !(e instanceof ApiError) || TRANSIENT.has(e.code) || e.code.startsWith('HTTP_');

function Form({ coins, overview, asOf, query, onDone }: { coins: Coin[]; overview: WalletOverview; asOf: number; query: URLSearchParams; onDone: () => void }) {
  const online = useStore($online);
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const wanted = queryId(query, 'currency_id');
  const byName = (name: string) => coins.find((c) => c.name === name)?.id;
  const [fromId, setFromId] = useState(coins.find((c) => c.id === wanted)?.id ?? byName('BTC') ?? coins[0]?.id ?? 0);
  const [toId, setToId] = useState(byName('USDT') !== fromId ? (byName('USDT') ?? coins[1]?.id ?? 0) : (byName('BTC') ?? coins[1]?.id ?? 0));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<QuoteState>({ kind: 'idle' });
  const [exchange] = useState(exchangeAction);

  const from = coins.find((c) => c.id === fromId);
  const to = coins.find((c) => c.id === toId);
  const available = availableIn(overview, EXCHANGE_ACCOUNT, fromId);
  const clean = normaliseAmountInput(amount);
  const decimals = from?.decimals ?? 8;
  const quotable = from && to && from.id !== to.id && checkAmount(clean, { decimals }) === null;
  /** Bumped to ask for the quote again (a tap on Exchange after a failed one). */
  const [requote, setRequote] = useState(0);

  useEffect(() => {
    if (!quotable) {
      setQuote({ kind: 'idle' });
      return;
    }
    let current = true;
    setQuote({ kind: 'loading' });
    const timer = setTimeout(() => {
      fetchExchangeQuote({ from_currency: from.name, to_currency: to.name, amount: clean }).then(
        (q) => current && setQuote({ kind: 'ok', quote: q }),
        (e: unknown) => current && setQuote({ kind: 'error', message: e instanceof ApiError ? e.message : t`No quote right now. Please try again.`, again: transient(e) }),
      );
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // Back online, or asked again, the quote is fetched afresh.
  }, [fromId, toId, clean, quotable, online, requote]);

  const pickFrom = (id: number) => {
    if (id === toId) setToId(fromId);
    setFromId(id);
  };
  const pickTo = (id: number) => {
    if (id === fromId) setFromId(toId);
    setToId(id);
  };
  const swap = () => {
    setFromId(toId);
    setToId(fromId);
  };

  const submit = () => {
    const problem = checkAmount(clean, { decimals, available });
    const message = problem ? amountProblemText(i18n, problem, '', from?.name ?? '') : null;
    setError(message);
    if (message || !from || !to) return;
    if (!online) return setError(t`You are offline. Connect to the network and try again.`);
    // A refused quote already says why (below the form): asking again would get the same answer.
    if (quote.kind === 'error' && !quote.again) return;
    if (quote.kind !== 'ok') {
      // A quote that failed on the way is asked for again: the tap means the user still wants to exchange.
      if (quote.kind === 'error') setRequote((n) => n + 1);
      setError(t`Waiting for a price quote. Please try again in a moment.`);
      return;
    }
    exchange({ from_currency: from.name, to_currency: to.name, amount: clean }).then(
      (done) => {
        const got = `${money.amount(done.receive)} ${done.to_currency}`;
        showToast(t`Exchanged. You received ${got}`, 'success', 2500);
        setAmount('');
        onDone();
      },
      () => undefined,
    );
  };

  const options = coins.map((c) => [String(c.id), c.name] as const);
  const q = quote.kind === 'ok' ? quote.quote : null;
  const priceText = q ? `1 ${q.from_currency} ≈ ${money.amount(q.price)} ${q.to_currency}` : '--';

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <div class="transfer-pair">
        <div class="transfer-pair__fields">
          <SelectField label={t`Pay with`} name="from_currency" value={String(fromId)} options={options} onChange={(v) => pickFrom(Number(v))} />
          <SelectField label={t`Receive`} name="to_currency" value={String(toId)} options={options} onChange={(v) => pickTo(Number(v))} />
        </div>
        <button type="button" class="icon-btn transfer-pair__swap" onClick={swap} aria-label={t`Swap the two currencies`}>
          <IconSwap />
        </button>
      </div>
      <AmountField label={t`Amount`} value={amount} onInput={setAmount} error={error} currency={from?.name ?? ''} onAll={() => setAmount(trimDecimal(truncateDecimal(available, decimals)))} />
      <Facts
        label={t`Quote`}
        rows={[
          [t`Available (spot account)`, `${money.amount(available)} ${from?.name ?? ''}`],
          [t`Price`, quote.kind === 'loading' ? '…' : priceText],
          [t`Fee`, q ? `${money.amount(q.fee)} ${q.to_currency}` : '--'],
          [t`You will receive`, q ? <strong data-testid="exchange-receive">{`${money.amount(q.receive)} ${q.to_currency}`}</strong> : '--'],
        ]}
      />
      <AsOf asOf={asOf} online={online} />
      {quote.kind === 'error' && (
        <p class="field__error" role="alert">
          {quote.message}
        </p>
      )}
      <p class="muted">
        <Trans>The final price is fixed when you confirm; it may differ slightly from the quote.</Trans>
      </p>
      <SubmitButton onSubmit={submit} disabled={quote.kind === 'loading'}>
        <Trans>Exchange</Trans>
      </SubmitButton>
    </form>
  );
}
