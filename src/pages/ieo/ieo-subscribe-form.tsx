import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IeoPreview, IeoProjectDetail } from '../../../contract/api/ieo.ts';
import { ApiError } from '../../api/client.ts';
import { previewSubscription, subscribeAction } from '../../api/ieo.ts';
import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { IeoConfirmDialog } from './ieo-confirm-dialog.tsx';

const PREVIEW_DELAY_MS = 300;

/**
 * The subscribe form: pay currency, tokens, the financial balance with the way to move coins there,
 * and the preview the server computes with the allocation's own code (what is frozen now, the most
 * it can bring, what it brings if the sale ended as subscribed now). Confirmed in a dialog; sent with
 * the price shown, so a price changed meanwhile is refused rather than paid.
 */
export function IeoSubscribeForm({ project: p, onDone }: { project: IeoProjectDetail; onDone: () => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const online = useStore($online);
  const fixed = p.mine?.pay_currency;
  const [currency, setCurrency] = useState(fixed ?? p.prices[0]?.currency ?? '');
  const [amount, setAmount] = useState('');
  const [preview, setPreview] = useState<{ key: string; value: IeoPreview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [subscribe] = useState(subscribeAction);

  const price = p.prices.find((x) => x.currency === currency) ?? p.prices[0];
  const balance = p.balances.find((b) => b.currency === price?.currency)?.available ?? '0';
  const clean = normaliseAmountInput(amount);
  const valid = isDecimalString(clean, p.decimals) && compareDecimal(clean, '0') > 0;
  const key = `${currency}|${clean}`;
  const shown = preview?.key === key ? preview.value : null;

  useEffect(() => {
    setError(null);
    if (!valid || !price) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      previewSubscription({ project_id: p.id, amount: clean, pay_currency: price.currency }).then(
        (value) => current && setPreview({ key, value }),
        (e: unknown) => current && setError(e instanceof ApiError ? e.message : t`Please enter the correct amount`),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  const short = shown !== null && compareDecimal(shown.cost, balance) > 0;
  const ask = () => {
    if (!valid) return setError(t`Please enter the correct amount`);
    if (short) return setError(t`Insufficient balance`);
    if (shown && !error) setConfirming(true);
  };
  const send = () => {
    if (!price || busy) return;
    setBusy(true);
    subscribe({ project_id: p.id, amount: clean, pay_currency: price.currency, price: price.price }).then(
      () => {
        setBusy(false);
        setConfirming(false);
        setAmount('');
        showToast(t`Subscription placed`, 'success');
        onDone();
      },
      (e: unknown) => {
        setBusy(false);
        setConfirming(false);
        if (e instanceof ApiError && e.code === 'IEO.PRICE_CHANGED') onDone();
      },
    );
  };

  const unit = price?.currency ?? '';
  const symbol = p.symbol;
  const available = `${fmt.amount(balance)} ${unit}`;
  const min = `${fmt.amount(p.min_amount)} ${p.symbol}`;
  const max = `${fmt.amount(p.max_amount)} ${p.symbol}`;
  const transferHref = `#/pages/fund/transfer?from=change&to=financial&currency_id=${price?.currency_id ?? ''}`;
  return (
    <form class="card ieo-form" aria-label={t`Subscribe`} noValidate onSubmit={(e) => e.preventDefault()}>
      {/* One pay currency per subscription: once chosen, more orders use it. */}
      {!fixed && p.prices.length > 1 && (
        <SelectField label={t`Pay with`} value={currency} options={p.prices.map((x) => [x.currency, x.currency] as const)} onChange={setCurrency} />
      )}
      {fixed && p.prices.length > 1 && <p class="muted ieo-note">{t`You subscribed in ${fixed}: more orders use it too.`}</p>}
      <TextField label={t`Amount (${symbol})`} name="amount" inputMode="decimal" autoComplete="off" value={amount} onInput={setAmount} placeholder={t`${min} to ${max}`} error={error} />
      <dl class="facts">
        <div>
          <dt>
            <Trans>Available (finance account)</Trans>
          </dt>
          <dd class="num" data-testid="financial-available">
            {available}
          </dd>
        </div>
        <div>
          <dt />
          <dd>
            <a class="link-btn" href={transferHref}>
              <Trans>Transfer to the finance account</Trans>
            </a>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>To freeze</Trans>
          </dt>
          <dd class="num" data-testid="preview-cost">
            {shown ? `${fmt.amount(shown.cost)} ${unit}` : '--'}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Allocation at most</Trans>
          </dt>
          <dd class="num" data-testid="preview-best">
            {shown ? `${fmt.amount(shown.best.tokens)} ${p.symbol}` : '--'}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>If the sale ended now</Trans>
          </dt>
          <dd class="num" data-testid="preview-now">
            {shown ? `${fmt.amount(shown.if_ended_now.tokens)} ${p.symbol}` : '--'}
          </dd>
        </div>
      </dl>
      {!online && (
        <p class="notice" role="status">
          <Trans>Subscribing needs the network. Connect and try again.</Trans>
        </p>
      )}
      <SubmitButton onSubmit={ask} disabled={!online || !price}>
        <Trans>Subscribe</Trans>
      </SubmitButton>
      {confirming && shown && <IeoConfirmDialog project={p} preview={shown} busy={busy} onCancel={() => setConfirming(false)} onConfirm={send} />}
    </form>
  );
}
