import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesPosition } from '../../../contract/api/contracts.ts';
import { setStopsAction } from '../../api/futures.ts';
import { trimDecimal } from '../../lib/decimal.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { showToast } from '../../stores/toast.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FuturesStopFields } from './futures-stop-fields.tsx';
import { checkStops } from './futures-stops.ts';

/**
 * Sets, changes or clears (empty box) a position's take-profit and stop-loss (/lever/setstop). The
 * reference the stops must clear is the mark for an open position, the limit price for a pending one.
 */
export function PositionStopDialog({ position: p, tickSize, onClose, onSaved }: { position: FuturesPosition; tickSize: string; onClose: () => void; onSaved: (next: FuturesPosition) => void }) {
  const { t } = useLingui();
  const [tp, setTp] = useState(p.target_profit_price ? trimDecimal(p.target_profit_price) : '');
  const [sl, setSl] = useState(p.stop_loss_price ? trimDecimal(p.stop_loss_price) : '');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [setStops] = useState(setStopsAction);
  const reference = p.state === 'pending' ? p.target_price : p.current_price;
  const tick = tickSize;
  const cleanTp = normaliseAmountInput(tp);
  const cleanSl = normaliseAmountInput(sl);
  const problems = checkStops({ side: p.type, reference, tickSize: tick, tp: cleanTp, sl: cleanSl });
  const save = () => {
    setShown(true);
    if (problems.tp || problems.sl) return;
    setBusy(true);
    setStops({ id: p.id, target_profit_price: cleanTp, stop_loss_price: cleanSl }).then(
      (next) => {
        showToast(t`Take profit and stop loss saved`, 'success');
        onSaved(next);
      },
      () => setBusy(false),
    );
  };
  const symbol = p.symbol;
  return (
    <Dialog title={t`Take profit / stop loss`} onClose={onClose}>
      <p class="muted">
        <Trans>{symbol}: leave a box empty to remove that stop.</Trans>
      </p>
      <FuturesStopFields side={p.type} reference={reference} tickSize={tick} tp={tp} sl={sl} onTp={setTp} onSl={setSl} problems={shown ? problems : { tp: null, sl: null }} />
      <div class="dialog__actions">
        <button type="button" class="btn btn--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" class="btn btn--primary" disabled={busy} onClick={save}>
          <Trans>Save</Trans>
        </button>
      </div>
    </Dialog>
  );
}
