import type { LockOrder, LockPreview, LockProduct, RedeemPreview } from '../api/lockming.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Lock mining (section 7 /lh/deposit/*), with the previews its confirm screens show. A product is
 * named by `config_id` (the list's `id`); an order by `id`, always among the caller's own.
 */

const KEY = { idempotency_key: 'text?' } as const;
const PAGE = { page: 'id?', limit: 'id?' } as const;
const CONFIG = { kind: 'id', code: 'LOCKMING.PRODUCT_NOT_FOUND' } as const;
const LOCK = { config_id: CONFIG, amount: 'amount' } as const;

/** The products, of one category (`type` lock, defi or cloud) or all; `id` one product. */
export const lockProducts = endpoint<LockProduct[]>()({
  method: 'read', path: '/lh/deposit/config', auth: 'optional',
  fields: { type: { kind: 'text', optional: true, max: 16, code: 'LOCKMING.CATEGORY_INVALID' }, id: { ...CONFIG, optional: true } },
});
export const lockPreview = endpoint<LockPreview>()({ method: 'read', path: '/lh/deposit/preview', auth: 'required', fields: LOCK });
/** Locks `amount` of the mining account; an idempotency key is required. */
export const lock = endpoint<LockOrder>()({ method: 'write', path: '/lh/deposit', auth: 'required', fields: { ...LOCK, ...KEY } });
/** `status` in_progress (default) or redeemed. */
export const lockOrders = endpoint<Page<LockOrder>>()({
  method: 'read', path: '/lh/deposit/order', auth: 'required',
  fields: { status: { kind: 'text', optional: true, max: 16, code: 'LOCKMING.STATUS_INVALID' }, ...PAGE },
});
export const redeemPreview = endpoint<RedeemPreview>()({ method: 'read', path: '/lh/deposit/order/cancel/preview', auth: 'required', fields: { id: 'id' } });
/** Early redemption of order `id`; an idempotency key is required. */
export const redeem = endpoint<LockOrder>()({ method: 'write', path: '/lh/deposit/order/cancel', auth: 'required', fields: { id: 'id', ...KEY } });
