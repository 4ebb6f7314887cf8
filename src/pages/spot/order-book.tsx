import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import type { DepthRow } from '../../lib/depth-book.ts';
import { $online } from '../../stores/network.ts';
import { ChangeText, trendOf } from '../../ui/change-text.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useOrderBook } from './order-book-stream.ts';

/** Levels shown on each side on a phone. */
export const BOOK_LEVELS = 7;

/**
 * The depth book: asks above (best at the bottom), the last price, bids below (best at the top),
 * each level with a bar of the running total. Tapping a level puts its price in the order form.
 * Offline it shows no levels (a book is only worth its last second) and says why over the empty ask rows;
 * so it does from a socket drop until the stream's fresh snapshot, which the status badge alone would
 * not make plain (levels a minute old look just like live ones, and a tap would fill their price).
 */
export function OrderBook({ pair, last, change, onPickPrice }: { pair: Quotation; last: string | undefined; change: string | undefined; onPickPrice: (price: string) => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const { view, stale } = useOrderBook(pair.symbol, BOOK_LEVELS);
  const online = useStore($online);
  const book = online ? view : null;
  const note = !online ? t`The order book needs the network.` : stale ? t`Reconnecting to the order book…` : null;
  const { base, quote } = pair;
  const asks = book ? [...book.asks].reverse() : [];
  const bids = book?.bids ?? [];
  const level = (row: DepthRow, side: 'ask' | 'bid') => {
    const price = fmt.price(row.price, pair.tick_size);
    return (
      <li key={row.price}>
        <button
          type="button"
          class={`book-row book-row--${side}`}
          style={{ '--bar': `${row.barPct}%` }}
          onClick={() => onPickPrice(row.price)}
          data-price={row.price}
        >
          {/* Named by what it shows, then what a tap does (an aria-label would hide the amount and
              differ from the visible text, which voice control users speak to press it). */}
          <span class={side === 'ask' ? 'trend-down num' : 'trend-up num'}>{price}</span>{' '}
          <span class="num">{fmt.shortAmount(row.amount, pair.lot_size)}</span>{' '}
          <span class="visually-hidden">{side === 'ask' ? t`Ask, use this price` : t`Bid, use this price`}</span>
        </button>
      </li>
    );
  };
  const pad = (n: number, side: string) => Array.from({ length: Math.max(0, BOOK_LEVELS - n) }, (_, i) => <li key={`${side}-pad-${i}`} class="book-row book-row--empty" aria-hidden="true" />);
  return (
    <section class="order-book" aria-label={t`Order book`} data-testid="order-book">
      <div class="order-book__head" aria-hidden="true">
        <span>{t`Price (${quote})`}</span>
        <span>{t`Amount (${base})`}</span>
      </div>
      <div class="order-book__asks">
        <ul class="order-book__side" aria-label={t`Asks`} data-side="asks">
          {pad(asks.length, 'ask')}
          {asks.map((row) => level(row, 'ask'))}
        </ul>
        {note && (
          <p class="order-book__note" role="status">
            {note}
          </p>
        )}
      </div>
      <div class="order-book__last">
        <strong class={`num quote-fig trend-${trendOf(change)}`} data-testid="book-last">
          {fmt.price(last, pair.tick_size)}
        </strong>
        <ChangeText value={change} locale={fmt.locale} />
      </div>
      <ul class="order-book__side" aria-label={t`Bids`} data-side="bids">
        {bids.map((row) => level(row, 'bid'))}
        {pad(bids.length, 'bid')}
      </ul>
    </section>
  );
}
