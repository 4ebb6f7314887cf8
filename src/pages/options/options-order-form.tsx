import { useEffect, useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OptionDirection, OptionPeriod, PayableCurrency, OptionOrder } from '../../../contract/api/contracts.ts';
import { fetchSeconds, submitOptionAction } from '../../api/options.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { showToast } from '../../stores/toast.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import { OptionsConfirmDialog } from './options-confirm-dialog.tsx';
import { stakeProblem, type StakeProblem } from './options-stake.ts';

export interface OptionsFormProps {
  symbol: string;
  tickSize: string;
  mark: string | null;
  currencies: PayableCurrency[];
  signedIn: boolean;
  loginHref: string;
  onPlaced: (option: OptionOrder) => void;
}

/** Stake currency, expiry (with its profit rate), stake within the period's limits and the balance, then up or down with a confirmation. */
export function OptionsOrderForm({ symbol, tickSize, mark, currencies, signedIn, loginHref, onPlaced }: OptionsFormProps) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const rateText = useRateText();
  const [currencyId, setCurrencyId] = useState(currencies[0]?.currency_id ?? 0);
  const [seconds, setSeconds] = useState(0);
  const [stake, setStake] = useState('');
  const [problem, setProblem] = useState<StakeProblem | null>(null);
  const [confirming, setConfirming] = useState<OptionDirection | null>(null);
  const [busy, setBusy] = useState(false);
  const [submit] = useState(submitOptionAction);
  const periods = useResource(() => (currencyId ? fetchSeconds(currencyId) : Promise.resolve([] as OptionPeriod[])).then((list) => ({ currencyId, list })), [currencyId]);
  // The chosen currency's own: those of the one before would be offered at its limits while the
  // read is on its way, and for good if it fails.
  const list = periods.data?.currencyId === currencyId ? periods.data.list : [];
  const failed = list.length === 0 && periods.error !== undefined && !periods.loading;
  const period = list.find((p) => p.seconds === seconds);
  const currency = currencies.find((c) => c.currency_id === currencyId);

  useEffect(() => {
    if (list.length > 0 && !list.some((p) => p.seconds === seconds)) setSeconds(list[0]!.seconds);
  }, [periods.data]);

  const clean = normaliseAmountInput(stake);
  const check = () => (period && currency ? stakeProblem(clean, { decimals: currency.decimals, min: period.min_stake, max: period.max_stake, available: currency.available }) : 'invalid');

  const ask = (direction: OptionDirection) => {
    const found = check();
    setProblem(found);
    if (found || !mark) return;
    setConfirming(direction);
  };
  const send = (direction: OptionDirection) => {
    if (!period || !currency || busy) return;
    setBusy(true);
    submit({ symbol, currency_id: currency.currency_id, type: direction, seconds: period.seconds, number: clean }).then(
      (served) => {
        setBusy(false);
        setConfirming(null);
        showToast(t`Option placed`, 'success');
        onPlaced(served.data);
      },
      () => {
        setBusy(false);
        setConfirming(null);
      },
    );
  };

  const unit = currency?.currency ?? '';
  const min = period ? `${fmt.amount(period.min_stake)} ${unit}` : '--';
  const max = period ? `${fmt.amount(period.max_stake)} ${unit}` : '--';
  const available = currency ? `${fmt.amount(currency.available)} ${unit}` : '--';
  const problemText: Record<StakeProblem, string> = {
    invalid: t`Please enter the correct amount`,
    below_min: t`The minimum stake is ${min}`,
    above_max: t`The maximum stake is ${max}`,
    insufficient: t`Insufficient balance`,
  };

  return (
    <form class="card options-form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Place an option`}>
      {currencies.length > 1 && (
        <SelectField label={t`Stake currency`} value={String(currencyId)} options={currencies.map((c) => [String(c.currency_id), c.currency] as const)} onChange={(v) => setCurrencyId(Number(v))} />
      )}
      <fieldset class="options-periods">
        <legend class="futures-row__label">
          <Trans>Expiry</Trans>
        </legend>
        {failed ? (
          <LoadError offline={periods.offline ?? false} onRetry={periods.reload} />
        ) : (
          <div class="options-periods__grid" role="radiogroup" aria-label={t`Expiry`}>
            {list.map((p) => {
              const rate = rateText(p.profit_rate);
              const duration = p.seconds;
              return (
                <button key={p.seconds} type="button" role="radio" aria-checked={p.seconds === seconds} class="options-period" onClick={() => (setSeconds(p.seconds), setProblem(null))} data-seconds={p.seconds}>
                  <strong>{t`${duration}s`}</strong>
                  <span class="trend-up">{t`Profit ${rate}`}</span>
                </button>
              );
            })}
          </div>
        )}
      </fieldset>
      <TextField label={t`Stake (${unit})`} name="number" inputMode="decimal" autoComplete="off" value={stake} onInput={(v) => (setStake(v), setProblem(null))} placeholder={t`Min ${min}`} error={problem ? problemText[problem] : null} />
      <dl class="order-facts">
        <div>
          <dt>
            <Trans>Limits</Trans>
          </dt>
          <dd class="num">
            {min} – {max}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Available (options account)</Trans>
          </dt>
          <dd class="num" data-testid="micro-available">
            {signedIn ? available : '--'}
          </dd>
        </div>
      </dl>
      {signedIn ? (
        <div class="options-buttons">
          <button type="button" class="btn options-btn options-btn--up" disabled={!period || !mark} onClick={() => ask('up')}>
            <Trans>Buy up</Trans>
          </button>
          <button type="button" class="btn options-btn options-btn--down" disabled={!period || !mark} onClick={() => ask('down')}>
            <Trans>Buy down</Trans>
          </button>
        </div>
      ) : (
        <a class="btn btn--primary btn--block" href={loginHref}>
          <Trans>Log in to trade</Trans>
        </a>
      )}
      {confirming && period && currency && (
        <OptionsConfirmDialog symbol={symbol} tickSize={tickSize} direction={confirming} period={period} stake={clean} decimals={currency.decimals} mark={mark} busy={busy} onCancel={() => setConfirming(null)} onConfirm={() => send(confirming)} />
      )}
    </form>
  );
}
