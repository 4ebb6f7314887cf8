import type { DualProduct } from '../../contract/api/dual.ts';
import type { EarnDirection, EarnOrder, EarnOrderStatus, EarnPreview } from '../../contract/api/invest.ts';
import type { Page } from '../../contract/envelope.ts';
import { getServed, post, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';
import { keptRead } from './invest.ts';

/** Dual-currency products (section 7 /dual/*); amounts are decimal strings of the deposit currency. */

export const fetchDualProducts = (direction?: EarnDirection): Promise<Served<Page<DualProduct>>> =>
  keptRead(`dual:${direction ?? ''}`, () => getServed('/dual/index', { limit: 50, ...(direction ? { type: direction } : {}) }, { silent: true }));

export const fetchDualProduct = (id: number) => getServed('/dual/detail', { id }, { silent: true });

export const fetchDualPreview = (id: number, num: string): Promise<Served<EarnPreview>> => getServed('/dual/preview', { id, num }, { silent: true });

export interface BuyDual {
  [key: string]: string | number;
  id: number;
  num: string;
}
export const buyDualAction = () => idempotent((p: BuyDual & { idempotency_key: string }) => post('/dual/buyDual', p, { mask: true }));

export const fetchDualOrders = (status: EarnOrderStatus, page: number, limit: number): Promise<Served<Page<EarnOrder>>> =>
  keptRead(`dual-orders:${status}:${page}`, () => getServed('/dual/dual_list', { status, page, limit }, { silent: true }), true);
