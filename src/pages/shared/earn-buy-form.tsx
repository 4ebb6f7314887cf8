import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EarnOrder, EarnPreview } from '../../../contract/api/invest.ts';
import type { Served } from '../../api/client.ts';
import { ApiError } from '../../api/client.ts';
import { fetchFinanceAvailable } from '../../api/invest.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { EarnOutcomes } from './earn-outcomes.tsx';
import './earn.css';

const PREVIEW_DELAY_MS = 300;

export interface EarnBuyFormProps {
  /** The field's label: "Shares" or "Amount (USDT)". */
  label: string;
  /** The currency paid from the finance account. */
  currency: string;
  inputMode: 'numeric' | 'decimal';
  /** The screen's own check of what was typed (the server checks again): a message, or null. */
  check: (num: string) => string | null;
  preview: (num: string) => Promise<Served<EarnPreview>>;
  buy: (num: string) => Promise<EarnOrder>;
  /** Where the user's orders are, after a purchase. */
  ordersPath: string;
  /** Lines under the field: the minimum, what remains. */
  hints: ComponentChildren;
}

/**
 * The purchase form both earn products use: the finance balance with a link to move money in, the
 * count or amount, both outcomes from the server's preview (the code that settles), and a confirm
 * step that repeats them. Buying needs the network; offline it says so instead.
 */
export function EarnBuyForm(props: EarnBuyFormProps) {
  const { t } = useLingui();
  const online = useStore($online);
  const [num, setNum] = useState('');
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState<EarnPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [available, setAvailable] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = props.check(num);

  useEffect(() => {
    let live = true;
    fetchFinanceAvailable(props.currency).then((a) => live && setAvailable(a), () => undefined);
    return () => {
      live = false;
    };
  }, [props.currency]);

  useEffect(() => {
    setPreview(null);
    setPreviewError(null);
    if (problem !== null) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      props.preview(num).then(
        (p) => live && setPreview(p.data),
        (e: unknown) => live && setPreviewError(e instanceof ApiError ? e.message : null),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [num, problem]);

  const submit = () => {
    setTouched(true);
    if (problem === null && online) setConfirming(true);
  };
  const buy = async () => {
    setBusy(true);
    try {
      await props.buy(num);
      setConfirming(false);
      showToast(t`Purchase successful`, 'success');
      navigate(props.ordersPath);
    } catch {
      // The client's toast has said why; the form stays as typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="stack" onSubmit={(e) => e.preventDefault()}>
      <div class="card earn-balance">
        <span>
          <Trans>Available in finance account</Trans>
          <br />
          <strong class="num" data-testid="finance-available">
            {available ?? '--'} {props.currency}
          </strong>
        </span>
        <a class="btn btn--ghost btn--small" href="#/pages/fund/transfer?from=change&to=financial">
          <Trans>Transfer in</Trans>
        </a>
      </div>
      <div class="card">
        <TextField label={props.label} value={num} onInput={(v) => setNum(v)} inputMode={props.inputMode} name="num" error={touched || num !== '' ? problem ?? previewError : null} />
        <div class="earn-fixing muted">{props.hints}</div>
        {preview && <EarnOutcomes coin={preview.coin_outcome} quote={preview.quote_outcome} strike={preview.strike_price} fixing={preview.fixing} />}
      </div>
      {!online && (
        <p class="notice" role="status">
          <Trans>Buying needs the network. Connect and try again.</Trans>
        </p>
      )}
      <SubmitButton onSubmit={submit} disabled={!online}>
        <Trans>Buy</Trans>
      </SubmitButton>
      {confirming && preview && (
        <Dialog title={t`Confirm purchase`} onClose={() => setConfirming(false)}>
          <div class="stack">
            <p>
              <Trans>
                You pay {preview.principal.amount} {preview.principal.currency} from your finance account now.
              </Trans>
            </p>
            <EarnOutcomes coin={preview.coin_outcome} quote={preview.quote_outcome} strike={preview.strike_price} fixing={preview.fixing} />
            <button type="button" class="btn btn--primary btn--block" disabled={busy || !online} onClick={() => void buy()} data-testid="earn-confirm">
              <Trans>Confirm</Trans>
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
}
