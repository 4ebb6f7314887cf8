import { useEffect, useMemo, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { fetchQuotations } from '../../api/market.ts';
import { $online } from '../../stores/network.ts';
import { quoteOf } from '../../stores/quotes.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { ChangeText } from '../../ui/change-text.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { breadth, topMovers, type MoverTab } from './market-movers-rank.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useQuote, useTickers } from '../shared/use-quote.ts';
import '../shared/market.css';
import './market-movers.css';

/** How often the ranking is worked out again from live quotes (the rows' figures move on every tick). */
const RERANK_MS = 3000;

/** The home tab's market summary and top movers: loaded after the first paint, live from the tickers stream. */
export function MarketMovers() {
  const { t } = useLingui();
  const online = useStore($online);
  const list = useResource(() => fetchQuotations(), []);
  const [tab, setTab] = useState<MoverTab>('gainers');
  const [epoch, setEpoch] = useState(0);
  useTickers();
  useRerank(setEpoch);

  const data = list.data?.data.list;
  const { rows, count } = useMemo(() => {
    if (!data) return { rows: [], count: null };
    return { rows: topMovers(data, quoteOf, tab), count: breadth(data, quoteOf) };
  }, [data, tab, epoch]);

  if (!list.data) {
    if (list.loading) return <div class="card movers skeleton" aria-hidden="true" />;
    return null;
  }
  const up = count?.up ?? 0;
  const down = count?.down ?? 0;
  return (
    <section class="card movers" aria-labelledby="movers-title" data-testid="market-movers">
      <div class="movers__head">
        <h2 id="movers-title" class="card__title">
          <Trans>Markets</Trans>
        </h2>
        <a class="link-btn" href="#/pages/market/market">
          <Trans>More</Trans>
        </a>
      </div>
      {/* Its own class: the home tab's "as of" (.as-of) is the news one. */}
      <AsOf asOf={list.data.asOf} online={online} className="movers__as-of" />
      <p class="movers__breadth">
        <span class="trend-up">{t`${up} rising`}</span>
        <span class="trend-down">{t`${down} falling`}</span>
      </p>
      <Tabs
        label={t`Top movers`}
        value={tab}
        onChange={setTab}
        tabs={[
          ['gainers', t`Top gainers`],
          ['losers', t`Top losers`],
          ['volume', t`Top volume`],
        ]}
      />
      <ul class="movers__list">
        {rows.map((pair) => (
          <MoverRow key={pair.symbol} pair={pair} showVolume={tab === 'volume'} />
        ))}
      </ul>
    </section>
  );
}

function useRerank(setEpoch: (update: (n: number) => number) => void): void {
  useEffect(() => {
    const timer = setInterval(() => setEpoch((n) => n + 1), RERANK_MS);
    return () => clearInterval(timer);
  }, []);
}

function MoverRow({ pair, showVolume }: { pair: Quotation; showVolume: boolean }) {
  const fmt = usePriceFormat();
  const quote = useQuote(pair.symbol) ?? pair;
  return (
    <li>
      <a class="movers__row" href={`#/pages/transaction/currency?symbol=${pair.symbol}`} data-symbol={pair.symbol}>
        <span class="movers__pair">
          <strong>{pair.base}</strong>
          <span class="muted">/{pair.quote}</span>
        </span>
        <span class="num quote-fig">{fmt.price(quote.last, pair.tick_size)}</span>
        {showVolume ? <span class="num movers__vol">{fmt.compact(quote.quote_volume_24h)}</span> : <ChangeText value={quote.change_pct} locale={fmt.locale} badge />}
      </a>
    </li>
  );
}
