import type { LockCategory, LockOrder, LockOrderStatus } from '../../contract/api/lockming.ts';
import type { Page } from '../../contract/envelope.ts';
import { get, getServed, post, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/**
 * Lock mining (section 7 /lh/deposit/*). Amounts go out and come back as decimal strings. The
 * product list and the orders are read with GET, which the service worker keeps for offline
 * reading; each write is wrapped in `idempotent`: make one per screen.
 */

/** The products of a category (or one product by id), with the mining balance when signed in. */
export const fetchLockProducts = (q: { type?: LockCategory; id?: number }) => getServed('/lh/deposit/config', { ...q }, { silent: true });

/** What locking `amount` would bring; refused as the lock would be (minimum, balance ...). */
export const fetchLockPreview = (config_id: number, amount: string) => get('/lh/deposit/preview', { config_id, amount }, { silent: true });

export interface LockRequest {
  [key: string]: string | number;
  config_id: number;
  amount: string;
}
export const lockAction = () => idempotent((p: LockRequest) => post('/lh/deposit', p, { mask: true }));

export interface LockOrderQuery {
  status: LockOrderStatus;
  page: number;
  limit: number;
}
export const fetchLockOrders = (q: LockOrderQuery): Promise<Served<Page<LockOrder>>> => getServed('/lh/deposit/order', { ...q }, { silent: true });

/** What an early redemption would keep and return now. */
export const fetchRedeemPreview = (id: number) => get('/lh/deposit/order/cancel/preview', { id }, { silent: true });

export const redeemAction = () => idempotent((p: { [key: string]: number; id: number }) => post('/lh/deposit/order/cancel', p, { mask: true }));
