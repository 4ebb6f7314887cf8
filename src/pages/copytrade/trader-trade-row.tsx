import { useLingui } from '@lingui/react/macro';
import type { TraderTrade } from '../../../contract/api/copytrade.ts';
import { PositionFacts, PositionHead } from './position-facts.tsx';

/** One of a trader's positions, open or closed, with how many followers copy it now. */
export function TraderTradeRow({ trade }: { trade: TraderTrade }) {
  const { t } = useLingui();
  const copies = trade.copies;
  return (
    <li class="record copy-row" data-trade={trade.id} data-state={trade.state}>
      <PositionHead p={trade}>{copies > 0 && <span class="muted copy-row__aside">{t`${copies} copying`}</span>}</PositionHead>
      <PositionFacts p={trade} />
    </li>
  );
}
