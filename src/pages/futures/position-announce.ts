import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FuturesPosition } from '../../../contract/api/contracts.ts';
import { showToast } from '../../stores/toast.ts';
import { CLOSED_BY_TOASTS } from './lever-labels.ts';

/** Toasts stay longer than the default: the reason a position closed matters. */
const ANNOUNCE_MS = 4_000;

/** Tells the user why the server closed a position (TP, SL, liquidation) or cancelled a limit order. */
export function announceFinished(positions: readonly FuturesPosition[]): void {
  for (const p of positions) {
    const symbol = p.symbol;
    if (p.state === 'cancelled') {
      showToast(i18n._(msg`Limit order for ${symbol} was cancelled`), 'info', ANNOUNCE_MS);
    } else if (p.close_reason && p.close_reason !== 'manual') {
      const kind = p.close_reason === 'tp' ? 'success' : p.close_reason === 'liquidation' ? 'error' : 'info';
      showToast(i18n._(CLOSED_BY_TOASTS[p.close_reason][p.type](symbol)), kind, ANNOUNCE_MS);
    }
  }
}

/** A limit order reached its price and opened. */
export function announceOpened(positions: readonly FuturesPosition[]): void {
  for (const p of positions) {
    const symbol = p.symbol;
    showToast(i18n._(msg`Limit order for ${symbol} opened`), 'success', ANNOUNCE_MS);
  }
}
