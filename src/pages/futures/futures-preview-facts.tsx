import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesAccountRisk, FuturesDeal } from '../../../contract/api/contracts.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';

/**
 * An order the balance cannot pay for has no liquidation price: the server's estimate assumes the
 * margin is there, so for an unfunded account it lands on the wrong side of the mark (above it for a
 * long), which reads as nonsense. "--" until the order is one that could open.
 */
function liquidationText(p: FuturesDeal['preview'], price: (value: string) => string, none: string): string {
  if (!p || !p.affordable) return '--';
  return p.liquidation_price === null ? none : price(p.liquidation_price);
}

/** Margin, fee and liquidation price of the order being typed (from /lever/deal), and what is available. */
export function FuturesPreviewFacts({ deal, balance, previewing, quote }: { deal: FuturesDeal; balance: FuturesAccountRisk; previewing: boolean; quote: string }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const p = deal.preview;
  const money = (v: string | undefined) => (v === undefined ? '--' : `${fmt.amount(v)} ${balance.currency || quote}`);
  const rateText = useRateText();
  const feeRate = rateText(deal.fee_rate);
  return (
    <div class="futures-preview" aria-busy={previewing || undefined}>
      <dl class="order-facts" aria-live="polite">
        <div>
          <dt>
            <Trans>Margin</Trans>
          </dt>
          <dd class="num" data-testid="preview-margin">
            {money(p?.margin)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Fee ({feeRate})</Trans>
          </dt>
          <dd class="num" data-testid="preview-fee">
            {money(p?.fee)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Est. liquidation price</Trans>
          </dt>
          <dd class="num" data-testid="preview-liquidation">
            {liquidationText(p, (price) => fmt.price(price, deal.tick_size), t`None`)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd class="num" data-testid="lever-available">
            {money(balance.available)}
          </dd>
        </div>
      </dl>
      {p && !p.affordable && !previewing && (
        <p class="futures-warning" role="alert">
          <Trans>Insufficient balance</Trans>{' '}
          <a href={`#/pages/fund/transfer?currency_id=${balance.currency_id}`}>
            <Trans>Transfer funds</Trans>
          </a>
        </p>
      )}
    </div>
  );
}
