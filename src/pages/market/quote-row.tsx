import { memo } from 'preact/compat';
import { useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { changeClass } from '../../ui/change-text.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import type { LiveQuote } from '../../stores/quotes.ts';
import { QuoteText } from '../shared/quote-text.tsx';

export const ROW_HEIGHT_PX = 60;

export const pairPath = (symbol: string) => `/pages/transaction/currency?symbol=${symbol}`;

export interface QuoteRowProps {
  row: Quotation;
  /** aria-rowindex: the header is row 1. */
  rowIndex: number;
  /** Edit mode: a star to unstar instead of the change. */
  editing: boolean;
  favourite: boolean;
  onToggleFavourite: (symbol: string) => void;
}

/**
 * One pair of the market list. Memoised and static: a scroll of the list does not render it again
 * (a slot that a scroll hands to another pair renders it with that pair's texts), and a tick
 * renders nothing: its three live figures (QuoteText) write their own text. Taps and long presses are handled once for the whole list (market-list.tsx),
 * so a row mounts with no listeners of its own.
 */
export const QuoteRow = memo(function QuoteRow({ row, rowIndex, editing, favourite, onToggleFavourite }: QuoteRowProps) {
  const { t } = useLingui();
  const base = row.base;
  return (
    <div role="row" aria-rowindex={rowIndex} class="quote-row" data-symbol={row.symbol}>
      <div role="cell" class="quote-row__pair">
        <a href={'#' + pairPath(row.symbol)}>
          <strong>{base}</strong>
          <span class="quote-row__quote">/{row.quote}</span>
        </a>
        <LiveVolume row={row} />
      </div>
      {editing ? (
        <>
          <LiveFigures row={row} withChange={false} />
          <div role="cell" class="quote-row__change">
            <StarButton on={favourite} small label={favourite ? t`Remove ${base} from favourites` : t`Add ${base} to favourites`} onToggle={() => onToggleFavourite(row.symbol)} />
          </div>
        </>
      ) : (
        <LiveFigures row={row} withChange />
      )}
    </div>
  );
});

function LiveVolume({ row }: { row: Quotation }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const text = (q: LiveQuote) => {
    const volume = fmt.compact(q.quote_volume_24h);
    return t`Vol ${volume}`;
  };
  return (
    <span class="quote-row__vol">
      <QuoteText symbol={row.symbol} fallback={row} text={text} />
    </span>
  );
}

/** The last price cell and, unless editing, the 24 h change cell; both follow the pair's ticks. */
function LiveFigures({ row, withChange }: { row: Quotation; withChange: boolean }) {
  const fmt = usePriceFormat();
  return (
    <>
      <div role="cell" class="quote-row__last num" data-field="last">
        <QuoteText symbol={row.symbol} fallback={row} text={(q) => fmt.price(q.last, row.tick_size)} />
      </div>
      {withChange && (
        <div role="cell" class="quote-row__change">
          <QuoteText symbol={row.symbol} fallback={row} text={(q) => fmt.percent(q.change_pct)} classOf={(q) => changeClass(q.change_pct, true)} />
        </div>
      )}
    </>
  );
}
