import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { ChangeText } from '../../ui/change-text.tsx';
import { LiveBadge } from '../../ui/live-badge.tsx';
import { IconCaretDown } from '../../ui/market-icons.tsx';
import { usePriceFormat } from './use-price-format.ts';
import { useQuote } from './use-quote.ts';
import type { MarkState } from './use-mark.ts';

/** The symbol (tap to choose another of the category), its live mark price and 24 h change. */
export function MarkHeader({ pair, mark, onPick }: { pair: Quotation; mark: MarkState; onPick: () => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const status = useStore($socketStatus);
  const quote = useQuote(pair.symbol) ?? pair;
  const symbol = pair.symbol;
  return (
    <header class="pair-head futures-head">
      <div class="pair-head__row">
        <button type="button" class="pair-head__name" onClick={onPick} aria-haspopup="dialog" aria-label={t`${symbol}, choose another symbol`}>
          <strong>{symbol}</strong>
          <IconCaretDown />
        </button>
        <LiveBadge status={status} />
      </div>
      <div class="pair-head__price">
        <div class="futures-head__mark">
          <span class="futures-head__label">
            <Trans>Mark price</Trans>
          </span>
          <span class={`pair-head__last num trend-${mark.trend}${mark.stale ? ' is-stale' : ''}`} data-testid="mark-price">
            {fmt.price(mark.price ?? undefined, pair.tick_size)}
          </span>
        </div>
        <ChangeText value={quote.change_pct} locale={fmt.locale} badge />
      </div>
    </header>
  );
}
