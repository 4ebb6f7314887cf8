import { Trans, useLingui } from '@lingui/react/macro';
import type { RiskPositionMark } from '../../../contract/api/contracts.ts';
import type { CopyPosition } from '../../../contract/api/copytrade.ts';
import { useCopyFormat } from './copy-format.ts';
import { PositionFacts, PositionHead } from './position-facts.tsx';

/** One copied position, labelled as a copy: live PnL while open, and the way to self-hold it. */
export function CopyRow({ copy: c, mark, online, onSelfHold }: { copy: CopyPosition; mark?: RiskPositionMark; online: boolean; onSelfHold: (copy: CopyPosition) => void }) {
  const { t } = useLingui();
  const f = useCopyFormat();
  const open = c.state === 'open';
  const name = c.nickname;
  const live = open && mark ? mark : undefined;
  return (
    <li class="record copy-row" data-copy={c.id} data-state={c.state} data-trader={c.trader_user_id}>
      <PositionHead p={c}>
        <span class="badge badge--wait copy-badge">
          <Trans>Copy trade</Trans>
        </span>
        {c.self_held && (
          <span class="badge copy-badge--held">
            <Trans>Self-held</Trans>
          </span>
        )}
      </PositionHead>
      <p class="muted copy-note">{c.self_held ? t`Copied from ${name}, now held by you` : t`Copying ${name}`}</p>
      <PositionFacts p={c} profit={live?.profit ?? c.profit} currentPrice={live?.current_price ?? c.current_price} />
      <div class="copy-row__foot">
        <span class="muted">
          <Trans>Margin</Trans> <span class="num">{f.usdt(c.margin)} USDT</span>
        </span>
        {open && !c.self_held && (
          <button type="button" class="btn btn--small btn--ghost" disabled={!online} onClick={() => onSelfHold(c)}>
            <Trans>Self-hold</Trans>
          </button>
        )}
      </div>
    </li>
  );
}
