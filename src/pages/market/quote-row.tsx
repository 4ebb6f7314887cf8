import { memo } from 'preact/compat';
import { useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { ChangeText } from '../../ui/change-text.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useQuote } from '../shared/use-quote.ts';

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
 * One pair of the market list. Memoised and static: a scroll of the list does not render it again,
 * and a tick re-renders only its two small live parts (LiveVolume, LiveFigures), which read only
 * this pair's quote. Taps and long presses are handled once for the whole list (market-list.tsx),
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
  const volume = fmt.compact((useQuote(row.symbol) ?? row).quote_volume_24h);
  return <span class="quote-row__vol">{t`Vol ${volume}`}</span>;
}

/** The last price cell and, unless editing, the 24 h change cell. */
function LiveFigures({ row, withChange }: { row: Quotation; withChange: boolean }) {
  const fmt = usePriceFormat();
  const quote = useQuote(row.symbol) ?? row;
  return (
    <>
      <div role="cell" class="quote-row__last num" data-field="last">
        {fmt.price(quote.last, row.tick_size)}
      </div>
      {withChange && (
        <div role="cell" class="quote-row__change">
          <ChangeText value={quote.change_pct} locale={fmt.locale} badge />
        </div>
      )}
    </>
  );
}
