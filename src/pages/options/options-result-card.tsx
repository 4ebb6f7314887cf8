import { Trans, useLingui } from '@lingui/react/macro';
import type { OptionOrder } from '../../../contract/api/contracts.ts';
import { absDecimal } from '../../lib/decimal.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { OptionsCountdown } from './options-countdown.tsx';

/**
 * The option just placed: direction, stake and entry price with the countdown, then its result when
 * it settles (won with the profit, lost the stake, or a draw that refunds it) and the settlement price.
 * Only the result is announced: the countdown (a timer, silent by default) sits outside the live
 * region, which otherwise read the time left out every second. The region is there from the start,
 * empty, since one that appears with its text already in it is not reliably announced.
 */
export function OptionsResultCard({ option: o, tickSize, onDismiss }: { option: OptionOrder; tickSize: string; onDismiss: () => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const stake = `${fmt.amount(o.number)} ${o.currency}`;
  const direction = o.type === 'up' ? t`Up` : t`Down`;
  const seconds = o.seconds;
  const settled = o.state === 'settled';
  const gain = `+${fmt.amount(settled ? (o.profit ?? '0') : o.expected_profit)} ${o.currency}`;
  const loss = `-${fmt.amount(absDecimal(o.profit ?? o.number))} ${o.currency}`;
  return (
    <section class={`card options-result options-result--${o.outcome ?? 'open'}`} data-option={o.id} data-state={o.state} data-outcome={o.outcome ?? ''}>
      <div class="options-result__head">
        <strong>{o.symbol}</strong>
        <span class={`position-title__side position-title__side--${o.type === 'up' ? 'long' : 'short'}`}>{t`${direction} · ${seconds}s`}</span>
        <span class="muted">{stake}</span>
      </div>
      {!settled && <OptionsCountdown expiresAtMs={o.expires_at_ms} seconds={o.seconds} large />}
      <div class="options-result__status" aria-live="polite">
        {settled && (
          <p class="options-result__outcome" data-testid="option-outcome">
            {o.outcome === 'win' ? <Trans>You won {gain}</Trans> : o.outcome === 'lose' ? <Trans>You lost {loss}</Trans> : <Trans>Draw: your stake is refunded</Trans>}
          </p>
        )}
      </div>
      <dl class="order-facts">
        <div>
          <dt>
            <Trans>Buy price</Trans>
          </dt>
          <dd class="num">{fmt.price(o.buy_price, tickSize)}</dd>
        </div>
        {settled ? (
          <div>
            <dt>
              <Trans>Settlement price</Trans>
            </dt>
            <dd class="num" data-testid="option-sell-price">
              {fmt.price(o.sell_price ?? undefined, tickSize)}
            </dd>
          </div>
        ) : (
          <div>
            <dt>
              <Trans>Expected profit</Trans>
            </dt>
            <dd class="num trend-up">{gain}</dd>
          </div>
        )}
      </dl>
      {settled && (
        <button type="button" class="btn btn--small btn--ghost" onClick={onDismiss}>
          <Trans>Place another</Trans>
        </button>
      )}
    </section>
  );
}
