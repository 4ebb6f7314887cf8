import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesAccountRisk, FuturesPosition } from '../../../contract/api/contracts.ts';
import { closePositionAction } from '../../api/futures.ts';
import { showToast } from '../../stores/toast.ts';
import { trendOf } from '../../ui/change-text.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { isPositive } from '../shared/is-positive.ts';
import { StepperField } from '../../ui/stepper-field.tsx';
import { lotsProblem, lotsQuantity, stepLots } from './futures-math.ts';
import { PositionStopDialog } from './position-stop-dialog.tsx';
import { PositionTitle } from './position-title.tsx';

/** One open position: live PnL (coloured), prices, margin, liquidation price, stops; set TP/SL and close. */
export function PositionRow({ position: p, tickSize, onChanged, onPartClosed }: {
  position: FuturesPosition;
  tickSize: string;
  onChanged: (next: FuturesPosition, accounts?: FuturesAccountRisk[]) => void;
  /** A part was closed: the position stays open with fewer lots, which a re-read shows. */
  onPartClosed: () => void;
}) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const [stops, setStops] = useState(false);
  const [closing, setClosing] = useState(false);
  const [lotsText, setLotsText] = useState(String(p.lots));
  const [busy, setBusy] = useState(false);
  const [closePosition] = useState(closePositionAction);
  const [, quote = ''] = p.symbol.split('/');
  const base = p.symbol.split('/')[0] ?? '';
  const symbol = p.symbol;
  const pnl = `${isPositive(p.profit) ? '+' : ''}${fmt.amount(p.profit)} ${quote}`;
  const problem = lotsProblem(lotsText, 1, p.lots);
  const lotsWrong = problem !== null;
  const min = 1;
  const lots = lotsWrong ? p.lots : Number(lotsText.trim());
  const partial = lots < p.lots;
  const openDialog = () => {
    setLotsText(String(p.lots));
    setClosing(true);
  };
  const close = () => {
    if (lotsWrong) return;
    setBusy(true);
    closePosition(partial ? { id: p.id, lots } : { id: p.id }).then(
      (answer) => {
        setClosing(false);
        setBusy(false);
        const profit = `${isPositive(answer.position.profit) ? '+' : ''}${fmt.amount(answer.position.profit)} ${quote}`;
        showToast(t`Position closed, PnL ${profit}`, 'success');
        onChanged(answer.position, [answer.balance]);
        if (partial) onPartClosed();
      },
      () => {
        setClosing(false);
        setBusy(false);
      },
    );
  };
  const quantity = `${fmt.amount(lotsQuantity(p.lots, p.lot_size), p.lot_size)} ${base}`;
  const closingQuantity = `${fmt.amount(lotsQuantity(lots, p.lot_size), p.lot_size)} ${base}`;
  const max = p.lots;
  return (
    <li class="order-row position-row" data-position={p.id} data-side={p.type}>
      <div class="order-row__line">
        <PositionTitle position={p} />
        <span class={`position-row__pnl num trend-${trendOf(p.profit)}`} data-field="pnl">
          {pnl}
        </span>
      </div>
      <dl class="order-row__grid">
        <div>
          <dt>{t`Lots`}</dt>
          <dd class="num">
            {p.lots} <span class="muted">({quantity})</span>
          </dd>
        </div>
        <div>
          <dt>{t`Open price`}</dt>
          <dd class="num">{fmt.price(p.open_price ?? undefined, tickSize)}</dd>
        </div>
        <div>
          <dt>{t`Mark price`}</dt>
          <dd class="num" data-field="mark">
            {fmt.price(p.current_price ?? undefined, tickSize)}
          </dd>
        </div>
        <div>
          <dt>{t`Margin`}</dt>
          <dd class="num">{fmt.amount(p.margin)}</dd>
        </div>
        <div>
          <dt>{t`Est. liquidation`}</dt>
          <dd class="num" data-field="liquidation">
            {p.liquidation_price === null ? '--' : fmt.price(p.liquidation_price, tickSize)}
          </dd>
        </div>
        <div>
          <dt>{t`TP / SL price`}</dt>
          <dd class="num" data-field="stops">
            {p.target_profit_price ? fmt.price(p.target_profit_price, tickSize) : '--'} / {p.stop_loss_price ? fmt.price(p.stop_loss_price, tickSize) : '--'}
          </dd>
        </div>
      </dl>
      <div class="order-row__foot position-row__actions">
        <button type="button" class="btn btn--small btn--ghost" onClick={() => setStops(true)}>
          <Trans>Set TP/SL</Trans>
        </button>
        <button type="button" class="btn btn--small btn--danger" disabled={busy} onClick={openDialog}>
          <Trans>Close</Trans>
        </button>
      </div>
      {stops && <PositionStopDialog position={p} tickSize={tickSize} onClose={() => setStops(false)} onSaved={(next) => (setStops(false), onChanged(next))} />}
      {closing && (
        <Dialog title={t`Close position`} onClose={() => setClosing(false)}>
          <StepperField
            label={t`Lots`}
            name="close-lots"
            value={lotsText}
            onInput={setLotsText}
            onStep={(d) => setLotsText(stepLots(lotsText, min, max, d))}
            error={problem === null ? null : problem === 'above_max' ? t`At most ${max} lots` : problem === 'below_min' ? t`At least ${min} lots` : t`Please enter a whole number of lots`}
            decreaseLabel={t`One lot less`}
            increaseLabel={t`One lot more`}
          />
          <p>
            {partial ? (
              <Trans>
                Close {closingQuantity} of {symbol} at the mark price? The rest stays open.
              </Trans>
            ) : (
              <Trans>
                Close {quantity} of {symbol} at the mark price? Unrealised PnL now: {pnl}.
              </Trans>
            )}
          </p>
          <div class="dialog__actions">
            <button type="button" class="btn btn--ghost" onClick={() => setClosing(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" class="btn btn--danger" disabled={busy || lotsWrong} onClick={close}>
              <Trans>Close position</Trans>
            </button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
