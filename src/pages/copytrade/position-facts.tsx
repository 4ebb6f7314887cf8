import type { ComponentChildren } from 'preact';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../lib/format-date.ts';
import { CLOSE_REASONS } from './copy-labels.ts';
import { trendOf, useCopyFormat } from './copy-format.ts';

/** What a trader's position and a copy have in common, as the rows show it. */
export interface PositionLike {
  symbol: string;
  type: 'long' | 'short';
  multiple: number;
  lots: number;
  closed_lots: number;
  open_price: string | null;
  current_price: string | null;
  profit: string;
  state: 'open' | 'closed';
  close_reason: 'manual' | 'tp' | 'sl' | 'liquidation' | null;
  open_time: string | null;
  close_time: string | null;
}

const when = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-mm-dd hh:MM') : '--');

/** The head (symbol, side, multiple) of a position row. */
export function PositionHead({ p, children }: { p: PositionLike; children?: ComponentChildren }) {
  const { t } = useLingui();
  const multiple = p.multiple;
  return (
    <div class="copy-row__head">
      <strong>{p.symbol}</strong>
      <span class={`badge ${p.type === 'long' ? 'badge--ok' : 'badge--bad'}`}>{p.type === 'long' ? t`Long ${multiple}×` : t`Short ${multiple}×`}</span>
      {children}
    </div>
  );
}

/** Lots, prices, PnL and times of a position row. */
export function PositionFacts({ p, profit = p.profit, currentPrice = p.current_price }: { p: PositionLike; profit?: string; currentPrice?: string | null }) {
  const { i18n } = useLingui();
  const f = useCopyFormat();
  const open = p.state === 'open';
  const lots = p.lots;
  const closed = p.closed_lots;
  return (
    <dl class="copy-row__grid">
      <div>
        <dt>
          <Trans>Lots</Trans>
        </dt>
        <dd class="num" data-field="lots">
          {/* `lots` is what is still open: partial closes took `closed_lots` off it. */}
          {closed > 0 ? `${lots}/${lots + closed}` : lots}
        </dd>
      </div>
      <div>
        <dt>{open ? <Trans>PnL</Trans> : <Trans>Realised PnL</Trans>}</dt>
        <dd class={`num ${trendOf(profit)}`} data-field="profit">
          {f.signed(profit)} USDT
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Open price</Trans>
        </dt>
        <dd class="num">{p.open_price ? f.price(p.open_price) : '--'}</dd>
      </div>
      <div>
        <dt>{open ? <Trans>Mark price</Trans> : <Trans>Close price</Trans>}</dt>
        <dd class="num" data-field="price">
          {currentPrice ? f.price(currentPrice) : '--'}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Opened</Trans>
        </dt>
        <dd class="num">{when(p.open_time)}</dd>
      </div>
      {!open && (
        <div>
          <dt>{p.close_reason ? i18n._(CLOSE_REASONS[p.close_reason]) : <Trans>Closed</Trans>}</dt>
          <dd class="num">{when(p.close_time)}</dd>
        </div>
      )}
    </dl>
  );
}
