import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OptionOrder } from '../../../contract/api/contracts.ts';
import type { Quotation } from '../../../contract/api/market.ts';
import { fetchQuotations } from '../../api/market.ts';
import { fetchPayableCurrencies } from '../../api/options.ts';
import { absDecimal } from '../../lib/decimal.ts';
import { currentRoute } from '../../lib/hash-route.ts';
import { holdServerClock } from '../../realtime/contract-events.ts';
import { $online } from '../../stores/network.ts';
import { $token } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useTickers } from '../shared/use-quote.ts';
import { MarkHeader } from '../shared/mark-header.tsx';
import { useMark } from '../shared/use-mark.ts';
import { pickSymbol } from '../shared/pick-symbol.ts';
import { PairPicker } from '../shared/pair-picker.tsx';
import { useOptionsLive } from './options-live.ts';
import { OptionsOpenList } from './options-open-list.tsx';
import { OptionsOrderForm } from './options-order-form.tsx';
import { OptionsResultCard } from './options-result-card.tsx';
import '../shared/market.css';
import '../shared/trading.css';
import '../shared/derivatives.css';
import './options.css';

/** Seconds options on one symbol: live mark, expiry and stake, up or down, the countdown and the result. */
export function OptionsTrade({ symbol, onSymbolChange }: { symbol: string; onSymbolChange: (symbol: string) => void }) {
  const { t } = useLingui();
  const online = useStore($online);
  const list = useResource(() => fetchQuotations('coin'), []);
  useTickers();
  return (
    <ResourceView resource={list}>
      {(served) => {
        const pair = pickSymbol(served.data.list, symbol, 'coin');
        if (!pair) return <EmptyState text={t`No options can be traded yet.`} />;
        return (
          <>
            <AsOf asOf={served.asOf} online={online} />
            <SecondsBody key={pair.symbol} pair={pair} pairs={served.data.list} onSymbolChange={onSymbolChange} />
          </>
        );
      }}
    </ResourceView>
  );
}

function SecondsBody({ pair, pairs, onSymbolChange }: { pair: Quotation; pairs: readonly Quotation[]; onSymbolChange: (symbol: string) => void }) {
  const { t } = useLingui();
  const token = useStore($token);
  const mark = useMark(pair.symbol);
  const [picker, setPicker] = useState(false);
  const [active, setActive] = useState<OptionOrder | null>(null);
  const currencies = useResource(fetchPayableCurrencies, [token]);
  useEffect(() => holdServerClock(), []);

  const fmt = usePriceFormat();
  const activeId = useRef<number | null>(null);
  activeId.current = active?.id ?? null;

  // The option on the result card shows its result there; others settling meanwhile get a toast.
  const onSettled = useCallback((o: OptionOrder) => {
    if (activeId.current === o.id) setActive(o);
    else {
      const symbol = o.symbol;
      const amount = `${fmt.amount(absDecimal(o.profit ?? '0'))} ${o.currency}`;
      const text = o.outcome === 'win' ? t`${symbol} option won +${amount}` : o.outcome === 'lose' ? t`${symbol} option lost ${amount}` : t`${symbol} option: draw, stake refunded`;
      showToast(text, o.outcome === 'lose' ? 'info' : 'success', 4_000);
    }
    currencies.reload();
  }, [fmt.locale]);
  const live = useOptionsLive(token, onSettled);

  const here = currentRoute();
  const loginHref = `#/pages/common/login?redirect=${encodeURIComponent(here.path + (here.search ? '?' + here.search : ''))}`;

  return (
    <div class="contract seconds stack" data-symbol={pair.symbol}>
      <MarkHeader pair={pair} mark={mark} onPick={() => setPicker(true)} />
      {active && <OptionsResultCard option={active} tickSize={pair.tick_size} onDismiss={() => setActive(null)} />}
      <ResourceView resource={currencies}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState text={t`Options are not available right now.`} />
          ) : (
            <OptionsOrderForm
              symbol={pair.symbol}
              tickSize={pair.tick_size}
              mark={mark.price}
              currencies={list}
              signedIn={token !== ''}
              loginHref={loginHref}
              onPlaced={(option) => {
                setActive(option);
                live.add(option);
                currencies.reload();
              }}
            />
          )
        }
      </ResourceView>
      {token && (
        <section class="card futures-positions" aria-label={t`Options in progress`}>
          <div class="trade__lists-head">
            <h2 class="card__title options-list-title">
              <Trans>In progress</Trans>
            </h2>
            <a class="link-btn" href="#/pages/transaction/seconds_order">
              <Trans>All options orders</Trans>
            </a>
          </div>
          <OptionsOpenList live={live} />
        </section>
      )}
      {picker && (
        <PairPicker
          pairs={pairs}
          current={pair.symbol}
          onClose={() => setPicker(false)}
          onPick={(next) => {
            setPicker(false);
            onSymbolChange(next);
          }}
        />
      )}
    </div>
  );
}
