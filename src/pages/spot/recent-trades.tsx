import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRecentTrades } from './recent-trades-stream.ts';

/** The pair's latest trades, newest first, coloured by the taker's side. */
export function RecentTrades({ pair }: { pair: Quotation }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const trades = useRecentTrades(pair.symbol);
  const { base, quote } = pair;
  if (trades === null) return <PageLoading />;
  if (trades.length === 0) return <EmptyState text={t`No trades yet`} />;
  return (
    <table class="trades-table" data-testid="recent-trades">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Time</Trans>
          </th>
          <th scope="col">{t`Price (${quote})`}</th>
          <th scope="col">{t`Amount (${base})`}</th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <tr key={trade.id} data-trade={trade.id}>
            <td class="num muted">{formatDate(trade.time, 'hh:MM:ss')}</td>
            <td class={`num ${trade.side === 'buy' ? 'trend-up' : 'trend-down'}`}>{fmt.price(trade.price, pair.tick_size)}</td>
            <td class="num">{fmt.shortAmount(trade.amount, pair.lot_size)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
