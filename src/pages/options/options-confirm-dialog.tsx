import { Trans, useLingui } from '@lingui/react/macro';
import type { OptionDirection, OptionPeriod } from '../../../contract/api/contracts.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import { expectedProfit } from './options-stake.ts';

/**
 * Section 2's order confirmation for options: direction, expiry, buy price (the live mark; the
 * server takes its own at the moment it places the option), stake, expected profit and loss.
 */
export function OptionsConfirmDialog({
  symbol,
  tickSize,
  direction,
  period,
  stake,
  decimals,
  mark,
  busy,
  onCancel,
  onConfirm,
}: {
  symbol: string;
  tickSize: string;
  direction: OptionDirection;
  period: OptionPeriod;
  stake: string;
  decimals: number;
  mark: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const unit = period.currency;
  const seconds = period.seconds;
  const rateText = useRateText();
  const rate = rateText(period.profit_rate);
  const profit = `+${fmt.amount(expectedProfit(stake, period.profit_rate, decimals))} ${unit}`;
  const loss = `-${fmt.amount(stake)} ${unit}`;
  const up = direction === 'up';
  const rows: [string, string, string?][] = [
    [t`Symbol`, symbol],
    [t`Direction`, up ? t`Up` : t`Down`, up ? 'trend-up' : 'trend-down'],
    [t`Expiry`, t`${seconds} seconds`],
    [t`Buy price`, `≈ ${fmt.price(mark ?? undefined, tickSize)}`],
    [t({ message: 'Stake', context: 'option amount' }), `${fmt.amount(stake)} ${unit}`],
    [t`Profit rate`, rate],
    [t`Expected profit`, profit, 'trend-up'],
    [t`Expected loss`, loss, 'trend-down'],
  ];
  return (
    <Dialog title={t`Confirm order`} onClose={onCancel}>
      <dl class="facts futures-confirm" data-testid="options-confirm">
        {rows.map(([label, value, tone]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd class={`num ${tone ?? ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p class="muted options-rule">
        {up ? (
          <Trans>You win if the mark price at expiry is above the buy price; at the same price the stake is refunded.</Trans>
        ) : (
          <Trans>You win if the mark price at expiry is below the buy price; at the same price the stake is refunded.</Trans>
        )}
      </p>
      <div class="dialog__actions">
        <button type="button" class="btn btn--ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" class="btn btn--primary" disabled={busy} onClick={onConfirm}>
          <Trans>Confirm</Trans>
        </button>
      </div>
    </Dialog>
  );
}
