import { useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import type { LiveQuote } from '../../stores/quotes.ts';
import { ChangeText, trendOf } from '../../ui/change-text.tsx';
import { IconCaretDown } from '../../ui/market-icons.tsx';
import { LiveBadge } from '../../ui/live-badge.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import type { SocketStatus } from '../../stores/socket-status.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';

/** The pair, its last price and 24 h figures; the name opens the pair picker, the star a favourite. */
export function SpotHeader({
  pair,
  quote,
  favourite,
  status,
  onPick,
  onStar,
}: {
  pair: Quotation;
  quote: LiveQuote;
  favourite: boolean;
  status: SocketStatus;
  onPick: () => void;
  onStar: () => void;
}) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const symbol = pair.symbol;
  const volume = `${fmt.compact(quote.volume_24h)} ${pair.base}`;
  return (
    <header class="pair-head">
      <div class="pair-head__row">
        <button type="button" class="pair-head__name" onClick={onPick} aria-haspopup="dialog" aria-label={t`${symbol}, choose another pair`}>
          <strong>{symbol}</strong>
          <IconCaretDown />
        </button>
        <LiveBadge status={status} />
        <StarButton on={favourite} label={favourite ? t`Remove ${symbol} from favourites` : t`Add ${symbol} to favourites`} onToggle={onStar} />
      </div>
      <div class="pair-head__price">
        <span class={`pair-head__last num quote-fig trend-${trendOf(quote.change_pct)}`} data-testid="pair-last">
          {fmt.price(quote.last, pair.tick_size)}
        </span>
        <ChangeText value={quote.change_pct} locale={fmt.locale} badge />
      </div>
      <dl class="pair-head__stats">
        <div>
          <dt>{t`24h high`}</dt>
          <dd class="num">{fmt.price(quote.high_24h, pair.tick_size)}</dd>
        </div>
        <div>
          <dt>{t`24h low`}</dt>
          <dd class="num">{fmt.price(quote.low_24h, pair.tick_size)}</dd>
        </div>
        <div>
          <dt>{t`24h volume`}</dt>
          <dd class="num">{volume}</dd>
        </div>
      </dl>
    </header>
  );
}
