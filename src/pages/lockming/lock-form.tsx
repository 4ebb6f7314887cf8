import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder, LockPreview, LockProduct } from '../../../contract/api/lockming.ts';
import { ApiError } from '../../api/client.ts';
import { fetchLockPreview, lockAction } from '../../api/lockming.ts';
import { compareDecimal } from '../../lib/decimal.ts';
import { checkAmount, normaliseAmountInput } from '../../lib/money.ts';
import { $online } from '../../stores/network.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import { LockConfirmDialog } from './lock-confirm-dialog.tsx';
import { LockOutlook } from './lock-outlook.tsx';
import { LockProductHead } from './lock-product-head.tsx';
import { LockTermFacts } from './lock-term-facts.tsx';

const PREVIEW_DELAY_MS = 300;

/**
 * The lock form: the product's terms, the mining account's available balance with the way to
 * transfer more in, the amount (checked here against minimum, maximum and balance, then by the
 * server's preview, which shows the first dividend, the daily dividend and the total at maturity),
 * and the confirmation. Locking needs the network; offline the button says so.
 */
export function LockForm({ product: p, onLocked, onChanged }: { product: LockProduct; onLocked: (order: LockOrder) => void; onChanged: () => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const rate = useRateText();
  const online = useStore($online);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<LockPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [lock] = useState(lockAction);
  const coin = p.currency;
  const available = p.available ?? '0';
  const clean = normaliseAmountInput(amount);
  const min = `${fmt.amount(p.min_amount)} ${coin}`;
  const max = p.max_amount === null ? null : `${fmt.amount(p.max_amount)} ${coin}`;

  const localProblem = (): string | null => {
    const found = checkAmount(clean, { decimals: p.decimals, min: p.min_amount, available });
    if (found === 'invalid') return t`Please enter the correct amount`;
    if (found === 'below_min') return t`The minimum amount is ${min}`;
    if (p.max_amount !== null && compareDecimal(clean, p.max_amount) > 0) return t`The maximum amount is ${max}`;
    if (found === 'insufficient') return t`Insufficient balance`;
    return null;
  };

  // The server's preview of a valid amount, a moment after typing stops; its refusal shows in place.
  useEffect(() => {
    setPreview(null);
    if (!amount || localProblem() !== null || !online) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      fetchLockPreview(p.id, clean).then(
        (answer) => current && setPreview(answer),
        (error: unknown) => current && error instanceof ApiError && error.code !== 'OFFLINE' && setProblem(error.message),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [clean, p.id, available, online]);

  const fillMax = () => {
    const top = p.max_amount !== null && compareDecimal(p.max_amount, available) < 0 ? p.max_amount : available;
    setAmount(top);
    setProblem(null);
  };
  // The confirmation shows the server's preview of exactly this amount, fetched now if it is not in yet.
  const ask = () => {
    const found = localProblem();
    setProblem(found);
    if (found) return;
    if (preview && compareDecimal(preview.amount, clean) === 0) {
      setConfirming(true);
      return;
    }
    fetchLockPreview(p.id, clean).then(
      (answer) => (setPreview(answer), setConfirming(true)),
      (error: unknown) => error instanceof ApiError && setProblem(error.message),
    );
  };
  const send = () => {
    if (busy) return;
    setBusy(true);
    lock({ config_id: p.id, amount: clean }).then(
      (order) => {
        setBusy(false);
        setConfirming(false);
        onLocked(order);
      },
      () => {
        setBusy(false);
        setConfirming(false);
        onChanged();
      },
    );
  };

  return (
    <>
      <section class="card lock-terms" aria-label={t`Product terms`}>
        <LockProductHead product={p} />
        <dl class="facts">
          <div>
            <dt>
              <Trans>Daily yield</Trans>
            </dt>
            <dd class="num trend-up">{rate(p.daily_yield)}</dd>
          </div>
          <LockTermFacts product={p} />
          <div>
            <dt>
              <Trans>Last day to lock</Trans>
            </dt>
            <dd class="num">{p.expiry}</dd>
          </div>
        </dl>
      </section>
      <form class="card lock-form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Lock an amount`}>
        <div class="lock-available">
          <span class="muted">
            <Trans>Available (mining account)</Trans>
          </span>
          <strong class="num" data-testid="lock-available">
            {fmt.amount(available)} {coin}
          </strong>
          <a href={`#/pages/fund/transfer?from=change&to=mining&currency_id=${p.currency_id}`} data-testid="lock-transfer">
            <Trans>Transfer in</Trans>
          </a>
        </div>
        <TextField
          label={t`Amount (${coin})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onInput={(v) => (setAmount(v), setProblem(null))}
          placeholder={t`Min ${min}`}
          error={problem}
          suffix={
            <button type="button" class="link-btn lock-max" onClick={fillMax}>
              <Trans>Max</Trans>
            </button>
          }
        />
        {preview && <LockOutlook preview={preview} />}
        {!p.purchasable && (
          <p class="notice">
            <Trans>This product cannot be bought now.</Trans>
          </p>
        )}
        {!online && (
          <p class="notice" data-testid="lock-offline">
            <Trans>Locking needs the network. Connect and try again.</Trans>
          </p>
        )}
        <SubmitButton onSubmit={ask} disabled={!online || !p.purchasable || busy}>
          <Trans>Lock</Trans>
        </SubmitButton>
      </form>
      {confirming && preview && <LockConfirmDialog product={p} preview={preview} busy={busy} onCancel={() => setConfirming(false)} onConfirm={send} />}
    </>
  );
}
