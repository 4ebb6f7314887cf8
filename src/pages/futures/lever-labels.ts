import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CloseReason, PositionSide, PositionState } from '../../../contract/api/contracts.ts';

/** Words the futures screens share, as message descriptors (i18n._ them where shown). */

export const CLOSE_REASON_LABELS: Record<CloseReason, MessageDescriptor> = {
  manual: msg`Closed by you`,
  tp: msg`Take profit`,
  sl: msg`Stop loss`,
  liquidation: msg`Liquidation`,
};

export const POSITION_STATE_LABELS: Record<PositionState, MessageDescriptor> = {
  pending: msg`Waiting to open`,
  // A position's own words: the order states' "Open" reads "not filled" in Chinese, Japanese, Korean.
  open: msg({ message: 'Open', context: 'position state' }),
  closed: msg`Closed`,
  cancelled: msg({ message: 'Cancelled', context: 'position state' }),
};

/** Toast for a position the server closed: "BTC/USDT long closed by take profit". */
export const CLOSED_BY_TOASTS: Record<Exclude<CloseReason, 'manual'>, Record<PositionSide, (symbol: string) => MessageDescriptor>> = {
  tp: { long: (symbol) => msg`${symbol} long closed by take profit`, short: (symbol) => msg`${symbol} short closed by take profit` },
  sl: { long: (symbol) => msg`${symbol} long closed by stop loss`, short: (symbol) => msg`${symbol} short closed by stop loss` },
  liquidation: { long: (symbol) => msg`${symbol} long was liquidated`, short: (symbol) => msg`${symbol} short was liquidated` },
};
