import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesAccountRisk, FuturesPosition } from '../../../contract/api/contracts.ts';
import { cancelOrderAction } from '../../api/futures.ts';
import { formatDate } from '../../lib/format-date.ts';
import { showToast } from '../../stores/toast.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { PositionStopDialog } from './position-stop-dialog.tsx';
import { PositionTitle } from './position-title.tsx';

/** A limit order waiting for the mark to reach its price: price, lots, what it holds, stops; change stops or cancel. */
export function PositionPendingRow({ position: p, tickSize, onChanged }: { position: FuturesPosition; tickSize: string; onChanged: (next: FuturesPosition, accounts?: FuturesAccountRisk[]) => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const [busy, setBusy] = useState(false);
  const [cancelLimitOrder] = useState(cancelOrderAction);
  const [stops, setStops] = useState(false);
  const cancel = () => {
    setBusy(true);
    cancelLimitOrder({ id: p.id }).then(
      (answer) => {
        showToast(t`Order cancelled`, 'success');
        onChanged(answer);
      },
      () => setBusy(false),
    );
  };
  return (
    <li class="order-row position-row" data-position={p.id} data-state="pending">
      <div class="order-row__line">
        <PositionTitle position={p} />
        <span class="order-row__time muted">{formatDate(p.created_at, 'mm-dd hh:MM:ss')}</span>
      </div>
      <dl class="order-row__grid">
        <div>
          <dt>{t`Limit price`}</dt>
          <dd class="num">{fmt.price(p.target_price ?? undefined, tickSize)}</dd>
        </div>
        <div>
          <dt>{t`Lots`}</dt>
          <dd class="num">{p.lots}</dd>
        </div>
        <div>
          <dt>{t`Margin`}</dt>
          <dd class="num">{fmt.amount(p.margin)}</dd>
        </div>
        <div>
          <dt>{t`Mark price`}</dt>
          <dd class="num">{fmt.price(p.current_price ?? undefined, tickSize)}</dd>
        </div>
        <div>
          <dt>{t`TP / SL price`}</dt>
          <dd class="num">
            {p.target_profit_price ? fmt.price(p.target_profit_price, tickSize) : '--'} / {p.stop_loss_price ? fmt.price(p.stop_loss_price, tickSize) : '--'}
          </dd>
        </div>
      </dl>
      <div class="order-row__foot position-row__actions">
        <button type="button" class="btn btn--small btn--ghost" onClick={() => setStops(true)}>
          <Trans>Set TP/SL</Trans>
        </button>
        <button type="button" class="btn btn--small btn--ghost" disabled={busy} onClick={cancel} aria-label={t`Cancel order ${p.id}`}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {stops && <PositionStopDialog position={p} tickSize={tickSize} onClose={() => setStops(false)} onSaved={(next) => (setStops(false), onChanged(next))} />}
    </li>
  );
}
