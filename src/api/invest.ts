import type { EarnOrder, EarnOrderStatus, EarnPositions, EarnPreview, InvestProduct } from '../../contract/api/invest.ts';
import type { Page } from '../../contract/envelope.ts';
import { readStored, writeStored } from '../lib/device-storage.ts';
import { $token } from '../stores/session.ts';
import { getServed, post, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/**
 * Invest (linked-price) products and the finance tab's "my positions" (both earn products). The
 * service worker keeps no copy of these reads, so the last answer of each is kept on the device
 * with its time: offline, the tab and the positions show it with "As of ...".
 */

const KEEP_PREFIX = 'earn:';

/** Whose copy: the session's tail, so a second account on the device never sees the first's. */
const owner = () => $token.get().slice(-12);

/** A read whose last answer is kept; offline (or failing) it answers the kept copy when there is one. */
export async function keptRead<T>(name: string, load: () => Promise<Served<T>>, personal = false): Promise<Served<T>> {
  const key = `${KEEP_PREFIX}${name}${personal ? `:${owner()}` : ''}`;
  try {
    const served = await load();
    writeStored(key, JSON.stringify(served));
    return served;
  } catch (error) {
    const kept = readStored(key);
    if (kept && !navigator.onLine) return JSON.parse(kept) as Served<T>;
    throw error;
  }
}

export const fetchInvestProducts = (coin?: string): Promise<Served<Page<InvestProduct>>> =>
  keptRead(`invest:${coin ?? ''}`, () => getServed('/invest/list', { limit: 50, ...(coin ? { coin } : {}) }, { silent: true }));

export const fetchInvestProduct = (id: number) => getServed('/invest/detail', { id }, { silent: true });

/** Both outcomes of buying `num` shares; refusals (a bad count) come back as ApiError codes. */
export const fetchInvestPreview = (id: number, num: string): Promise<Served<EarnPreview>> => getServed('/invest/preview', { id, num }, { silent: true });

export interface BuyInvest {
  [key: string]: string | number;
  id: number;
  num: string;
}
/** One per purchase form: a retry after an unknown outcome reuses the key. */
export const buyInvestAction = () => idempotent((p: BuyInvest & { idempotency_key: string }) => post('/invest/buy', p, { mask: true }));

export const fetchInvestOrders = (status: EarnOrderStatus, page: number, limit: number): Promise<Served<Page<EarnOrder>>> =>
  keptRead(`invest-orders:${status}:${page}`, () => getServed('/invest/orders', { status, page, limit }, { silent: true }), true);

export const fetchEarnPositions = (): Promise<Served<EarnPositions>> =>
  keptRead('positions', () => getServed('/invest/positions', undefined, { silent: true }), true);

/** What the finance account holds of `currency` now (available), for the purchase screens. */
export async function fetchFinanceAvailable(currency: string): Promise<string> {
  const { data } = await getServed('/wallet/list', undefined, { silent: true });
  const account = data.accounts.find((a) => a.account === 'financial');
  return account?.balances.find((b) => b.currency === currency)?.available ?? '0';
}

/**
 * The finance tab shows every earn product: lock mining and IEO are other modules', read here only
 * for the hub's entries and totals (their own screens have their own api files).
 */
export const fetchLockProductsForHub = () => keptRead('hub-lock', () => getServed('/lh/deposit/config', undefined, { silent: true }));
export const fetchIeoProjectsForHub = () => keptRead('hub-ieo', () => getServed('/project', { limit: 20 }, { silent: true }));
export const fetchLockOrdersForHub = () => keptRead('hub-lock-orders', () => getServed('/lh/deposit/order', { limit: 50 }, { silent: true }), true);
export const fetchIeoSubscriptionsForHub = () => keptRead('hub-ieo-orders', () => getServed('/user/project/order', { limit: 50 }, { silent: true }), true);
