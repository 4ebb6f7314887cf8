import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { navigate } from '../../lib/hash-route.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { toggleFavourite } from '../shared/favourites.ts';
import { pairPath } from './quote-row-pool.ts';

/** What a long press on a pair offers: star or unstar it, or open it. */
export function PairActionsDialog({ pair, favourite, onClose }: { pair: Quotation; favourite: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const symbol = pair.symbol;
  return (
    <Dialog title={symbol} onClose={onClose}>
      <div class="dialog__actions dialog__actions--stack">
        <button
          type="button"
          class="btn btn--primary"
          onClick={() => {
            onClose();
            void toggleFavourite(symbol);
          }}
        >
          {favourite ? t`Remove from favourites` : t`Add to favourites`}
        </button>
        <button
          type="button"
          class="btn btn--ghost"
          onClick={() => {
            onClose();
            navigate(pairPath(symbol));
          }}
        >
          <Trans>Trade {symbol}</Trans>
        </button>
        <button type="button" class="btn btn--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Dialog>
  );
}
