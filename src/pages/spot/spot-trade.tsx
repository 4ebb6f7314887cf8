import { useCallback, useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation, SpotOrder } from '../../../contract/api/market.ts';
import { fetchQuotations, peekQuotations } from '../../api/market.ts';
import { currentRoute } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { recordRecentPair } from '../../stores/recent-pairs.ts';
import { $token } from '../../stores/session.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { AfterPaint } from '../../ui/after-paint.tsx';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { toggleFavourite, useFavouriteSet } from '../shared/favourites.ts';
import { useQuote, useTickers } from '../shared/use-quote.ts';
import { useSpotAccount } from './spot-account.ts';
import { SpotHeader } from './spot-header.tsx';
import { SpotOpenOrders } from './spot-open-orders.tsx';
import { SpotOrderForm } from './spot-order-form.tsx';
import { PairPicker } from '../shared/pair-picker.tsx';
import { KlineChartSlot } from './kline-chart-slot.tsx';
import { OrderBook } from './order-book.tsx';
import { RecentTrades } from './recent-trades.tsx';
import '../shared/market.css';
import '../shared/trading.css';
import './spot.css';

/** The coin trading screen of one pair (the trade tab's coins tab and /pages/transaction/currency). */
export function SpotTrade({ symbol, onSymbolChange }: { symbol: string; onSymbolChange: (symbol: string) => void }) {
  const { t } = useLingui();
  const online = useStore($online);
  const list = useResource(() => fetchQuotations(), [], peekQuotations);
  useTickers();
  return (
    <ResourceView resource={list}>
      {(served) => {
        const pair = served.data.list.find((q) => q.symbol === symbol);
        if (!pair) {
          return (
            <EmptyState text={t`This pair is not available.`}>
              <a class="btn btn--primary" href="#/pages/market/market">
                <Trans>See all pairs</Trans>
              </a>
            </EmptyState>
          );
        }
        return (
          <>
            <AsOf asOf={served.asOf} online={online} />
            <TradeBody pair={pair} pairs={served.data.list} onSymbolChange={onSymbolChange} />
          </>
        );
      }}
    </ResourceView>
  );
}

function TradeBody({ pair, pairs, onSymbolChange }: { pair: Quotation; pairs: readonly Quotation[]; onSymbolChange: (symbol: string) => void }) {
  const { t } = useLingui();
  const token = useStore($token);
  const signedIn = token !== '';
  const status = useStore($socketStatus);
  const quote = useQuote(pair.symbol) ?? pair;
  const favourites = useFavouriteSet();
  const account = useSpotAccount(pair.symbol, token);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [picker, setPicker] = useState(false);
  const [tab, setTab] = useState<'orders' | 'trades'>(signedIn ? 'orders' : 'trades');

  useEffect(() => recordRecentPair(pair.symbol), [pair.symbol]);

  const openCount = account.openOrders?.length ?? 0;
  const here = currentRoute();
  const loginHref = `#/pages/common/login?redirect=${encodeURIComponent(here.path + (here.search ? '?' + here.search : ''))}`;
  const onPickPrice = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const onPlaced = (order: SpotOrder) => {
    account.upsert(order);
    account.reload();
  };
  const onCancelled = (order: SpotOrder) => {
    account.upsert(order);
    account.reload();
  };

  return (
    <div class="trade stack" data-symbol={pair.symbol}>
      <SpotHeader
        pair={pair}
        quote={quote}
        favourite={favourites?.has(pair.symbol) ?? false}
        status={status}
        onPick={() => setPicker(true)}
        onStar={() => void toggleFavourite(pair.symbol)}
      />
      <KlineChartSlot symbol={pair.symbol} tickSize={pair.tick_size} />
      <div class="trade__main">
        <SpotOrderForm pair={pair} last={quote.last} signedIn={signedIn} funds={account.funds} fundsAsOf={account.fundsAsOf} pickedPrice={picked} onPlaced={onPlaced} loginHref={loginHref} />
        <OrderBook pair={pair} last={quote.last} change={quote.change_pct} onPickPrice={onPickPrice} />
      </div>
      {/* Mostly below the fold: drawn a frame later, so the screen's first render is a shorter task. */}
      <AfterPaint placeholder={<section class="card trade__lists skeleton" aria-hidden="true" />}>
        <section class="card trade__lists">
          <div class="trade__lists-head">
            <Tabs
              label={t`Orders and trades`}
              value={tab}
              onChange={setTab}
              tabs={[
                ['orders', account.openOrders ? t`Open orders (${openCount})` : t`Open orders`],
                ['trades', t`Market trades`],
              ]}
            />
          </div>
          {tab === 'orders' ? <SpotOpenOrders orders={account.openOrders} signedIn={signedIn} loginHref={loginHref} onCancelled={onCancelled} /> : <RecentTrades pair={pair} />}
          <a class="link-center" href={`#/pages/transaction/currency_order?tab=history&symbol=${pair.symbol}`}>
            <Trans>Order history</Trans>
          </a>
        </section>
      </AfterPaint>
      {picker && (
        <PairPicker
          pairs={pairs}
          current={pair.symbol}
          onClose={() => setPicker(false)}
          onPick={(symbol) => {
            setPicker(false);
            onSymbolChange(symbol);
          }}
        />
      )}
    </div>
  );
}
