import { Trans, useLingui } from '@lingui/react/macro';
import type { OptionDirection, OptionPeriod } from '../../../contract/api/contracts.ts';
import { ConfirmDialog, type Fact } from '../../ui/confirm-dialog.tsx';
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
  const facts: Fact[] = [
    { label: t`Symbol`, value: symbol },
    { label: t`Direction`, value: up ? t`Up` : t`Down`, tone: up ? 'trend-up' : 'trend-down' },
    { label: t`Expiry`, value: t`${seconds} seconds` },
    { label: t`Buy price`, value: `≈ ${fmt.price(mark ?? undefined, tickSize)}` },
    { label: t({ message: 'Stake', context: 'option amount' }), value: `${fmt.amount(stake)} ${unit}` },
    { label: t`Profit rate`, value: rate },
    { label: t`Expected profit`, value: profit, tone: 'trend-up' },
    { label: t`Expected loss`, value: loss, tone: 'trend-down' },
  ];
  return (
    <ConfirmDialog title={t`Confirm order`} facts={facts} testId="options-confirm" factsClass="futures-confirm" disabled={busy} onCancel={onCancel} onConfirm={onConfirm}>
      <p class="muted options-rule">
        {up ? (
          <Trans>You win if the mark price at expiry is above the buy price; at the same price the stake is refunded.</Trans>
        ) : (
          <Trans>You win if the mark price at expiry is below the buy price; at the same price the stake is refunded.</Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
