import type { EarnOrder, EarnPositions, EarnPreview, InvestProduct } from '../api/invest.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Invest (linked-price) products. Section 7 names no invest call, so these paths are ours. `num` is
 * the share count, read as text so that its own messages answer ("Please enter purchase quantity",
 * "Please enter an integer"). /invest/positions covers both earn products (invest and dual).
 */
const PAGE = { page: 'id?', limit: 'id?' } as const;

export const investProducts = endpoint<Page<InvestProduct>>()({ method: 'read', path: '/invest/list', auth: 'optional', fields: { coin: { kind: 'text', optional: true, max: 16 }, ...PAGE } });
export const investProduct = endpoint<InvestProduct>()({ method: 'read', path: '/invest/detail', auth: 'optional', fields: { id: 'id' } });
/** Both outcomes of buying `num` shares, from the code that settles. */
export const investPreview = endpoint<EarnPreview>()({ method: 'read', path: '/invest/preview', auth: 'optional', fields: { id: 'id', num: 'text?' } });
export const buyInvest = endpoint<EarnOrder>()({ method: 'write', path: '/invest/buy', auth: 'required', fields: { id: 'id', num: 'text?', idempotency_key: 'text?' } });
/** `status` open (held) or history (settled). */
export const investOrders = endpoint<Page<EarnOrder>>()({ method: 'read', path: '/invest/orders', auth: 'required', fields: { status: 'text?', ...PAGE } });
export const investOrder = endpoint<EarnOrder>()({ method: 'read', path: '/invest/order', auth: 'required', fields: { id: 'id' } });
export const earnPositions = endpoint<EarnPositions>()({ method: 'read', path: '/invest/positions', auth: 'required', fields: {} });
