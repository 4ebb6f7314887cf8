import type { DualProduct } from '../api/dual.ts';
import type { EarnOrder, EarnPreview } from '../api/invest.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Dual-currency products (section 7 /dual/*). `type` sell_high|buy_low (or 1|2); `num` is the amount
 * deposited, read as text so that its own messages answer. /dual/preview is ours.
 */
const PAGE = { page: 'id?', limit: 'id?' } as const;

export const dualProducts = endpoint<Page<DualProduct>>()({ method: 'read', path: '/dual/index', auth: 'optional', fields: { currency_id: 'id?', type: 'text?', ...PAGE } });
export const dualProduct = endpoint<DualProduct>()({ method: 'read', path: '/dual/detail', auth: 'optional', fields: { id: 'id' } });
export const dualPreview = endpoint<EarnPreview>()({ method: 'read', path: '/dual/preview', auth: 'optional', fields: { id: 'id', num: 'text?' } });
export const buyDual = endpoint<EarnOrder>()({ method: 'write', path: '/dual/buyDual', auth: 'required', fields: { id: 'id', num: 'text?', idempotency_key: 'text?' } });
/** The spec's POST; reads answer GET as well. `status` open or history. */
export const dualOrders = endpoint<Page<EarnOrder>>()({ method: 'read', path: '/dual/dual_list', auth: 'required', fields: { status: 'text?', ...PAGE } });
