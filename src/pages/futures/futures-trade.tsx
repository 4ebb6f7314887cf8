import { useEffect, useMemo, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MarketCategory, Quotation } from '../../../contract/api/market.ts';
import { fetchQuotations } from '../../api/market.ts';
import { currentRoute } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { recordRecentPair } from '../../stores/recent-pairs.ts';
import { $token } from '../../stores/session.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { useTickers } from '../shared/use-quote.ts';
import { PairPicker } from '../shared/pair-picker.tsx';
import { MarkHeader } from '../shared/mark-header.tsx';
import { useMark } from '../shared/use-mark.ts';
import { pickSymbol } from '../shared/pick-symbol.ts';
import { FuturesOrderForm } from './futures-order-form.tsx';
import { announceFinished, announceOpened } from './position-announce.ts';
import { usePositionBook } from './position-book.ts';
import { PositionPanel } from './position-panel.tsx';
import { accountOf } from './position-state.ts';
import '../shared/market.css';
import '../shared/trading.css';
import '../shared/derivatives.css';
import './futures.css';

/** ?category=stock is the stock contracts; anything else the coin futures. */
export const futuresCategory = (value: string | null): MarketCategory => (value === 'stock' ? 'stock' : 'coin');

/**
 * The futures screen of one symbol (coin or stock category): live mark, the order form with its
 * preview, and the user's positions with live PnL. Used by /pages/transaction/contract and by the
 * trade tab's futures and stocks tabs.
 */
export function FuturesTrade({ category, symbol, onSymbolChange }: { category: MarketCategory; symbol: string; onSymbolChange: (symbol: string) => void }) {
  const { t } = useLingui();
  const online = useStore($online);
  const list = useResource(() => fetchQuotations(category), [category]);
  useTickers();
  return (
    <ResourceView resource={list}>
      {(served) => {
        const pair = pickSymbol(served.data.list, symbol, category);
        if (!pair) return <EmptyState text={category === 'stock' ? t`No stocks can be traded yet.` : t`No futures can be traded yet.`} />;
        return (
          <>
            <AsOf asOf={served.asOf} online={online} />
            <ContractBody key={pair.symbol} pair={pair} pairs={served.data.list} category={category} onSymbolChange={onSymbolChange} />
          </>
        );
      }}
    </ResourceView>
  );
}

function ContractBody({ pair, pairs, category, onSymbolChange }: { pair: Quotation; pairs: readonly Quotation[]; category: MarketCategory; onSymbolChange: (symbol: string) => void }) {
  const token = useStore($token);
  const mark = useMark(pair.symbol);
  const [picker, setPicker] = useState(false);
  const positions = usePositionBook(token, announceFinished, announceOpened);
  const [liquidationRate, setLiquidationRate] = useState<string | null>(null);
  const ticks = useMemo(() => new Map(pairs.map((q) => [q.symbol, q.tick_size])), [pairs]);
  useEffect(() => recordRecentPair(pair.symbol), [pair.symbol]);

  const here = currentRoute();
  const loginHref = `#/pages/common/login?redirect=${encodeURIComponent(here.path + (here.search ? '?' + here.search : ''))}`;
  const account = category === 'stock' ? 'stock' : 'lever';

  return (
    <div class="contract stack" data-symbol={pair.symbol} data-category={category}>
      <MarkHeader pair={pair} mark={mark} onPick={() => setPicker(true)} />
      {token ? (
        <FuturesOrderForm pair={pair} mark={mark.price} account={positions.book ? accountOf(positions.book, account) : undefined} onPlaced={(result) => positions.take([result.position], [result.balance])} onTerms={(deal) => setLiquidationRate(deal.liquidation_rate)} />
      ) : (
        <section class="card futures-login">
          <p>
            <Trans>Log in to open long or short positions with leverage.</Trans>
          </p>
          <a class="btn btn--primary btn--block" href={loginHref}>
            <Trans>Log in to trade</Trans>
          </a>
        </section>
      )}
      <PositionPanel signedIn={token !== ''} view={positions} account={account} category={category} liquidationRate={liquidationRate} ticks={ticks} loginHref={loginHref} />
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
