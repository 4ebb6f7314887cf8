import { Trans } from '@lingui/react/macro';
import type { FuturesAccountRisk } from '../../../contract/api/contracts.ts';
import { trendOf } from '../../ui/change-text.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { isPositive } from '../shared/is-positive.ts';
import { fractionToPercent, riskLevel } from './futures-math.ts';

/** The account's equity, unrealised PnL and risk rate (equity / used margin), coloured by how near liquidation it is. */
export function PositionRisk({ risk, liquidationRate }: { risk: FuturesAccountRisk; liquidationRate: string | null }) {
  const fmt = usePriceFormat();
  const level = riskLevel(risk.risk_rate, liquidationRate ?? '0.5');
  const rate = risk.risk_rate === null ? '--' : `${fmt.amount(fractionToPercent(risk.risk_rate), '0.01')}%`;
  const pnl = risk.unrealized_pnl;
  const currency = risk.currency;
  const signed = (isPositive(pnl) ? '+' : '') + fmt.amount(pnl);
  return (
    <dl class="futures-risk" data-account={risk.account}>
      <div>
        <dt>
          <Trans>Equity ({currency})</Trans>
        </dt>
        <dd class="num" data-testid="account-equity">
          {fmt.amount(risk.equity)}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Unrealised PnL</Trans>
        </dt>
        <dd class={`num trend-${trendOf(pnl)}`} data-testid="account-pnl">
          {signed}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Risk rate</Trans>
        </dt>
        <dd class={`num futures-risk--${level}`} data-testid="risk-rate" data-level={level}>
          {rate}
        </dd>
      </div>
    </dl>
  );
}
