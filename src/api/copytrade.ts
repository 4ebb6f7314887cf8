import type { CopyEvent, CopyMode, CopyPosition, CopyStatus, FigureWindow, MyFollow, TraderDetail, TraderRow, TraderSelf, TraderSort, TraderTrade } from '../../contract/api/copytrade.ts';
import type { Page } from '../../contract/envelope.ts';
import { readStored, writeStored } from '../lib/device-storage.ts';
import { $token } from '../stores/session.ts';
import { get, getServed, post, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/**
 * Copy trading (section 7 /follow/*): the ranking, a trader's page, following, my follows and
 * copies, becoming a trader. The service worker keeps no copy of these reads, so each list's last
 * answer is kept on the device with its time: offline, the screens show it with "As of ...".
 * Writes are wrapped in `idempotent`: make one per screen or form.
 */

const KEEP_PREFIX = 'copytrade:';

/** Whose copy: the session's tail, so a second account on the device never sees the first's. */
const owner = () => $token.get().slice(-12);

/** A read whose last answer is kept; offline (or failing offline) it answers the kept copy when there is one. */
async function kept<T>(name: string, load: () => Promise<Served<T>>, personal: boolean): Promise<Served<T>> {
  const key = `${KEEP_PREFIX}${name}${personal ? `:${owner()}` : ''}`;
  try {
    const served = await load();
    writeStored(key, JSON.stringify(served));
    return served;
  } catch (error) {
    const copy = readStored(key);
    if (copy && !navigator.onLine) return JSON.parse(copy) as Served<T>;
    throw error;
  }
}

/** The ranking by `sort` over `days`. Signed in, each row says whether the caller follows, so the copy is per account. */
export const fetchTraders = (sort: TraderSort, days: FigureWindow, page: number, limit: number): Promise<Served<Page<TraderRow>>> =>
  kept(`traders:${sort}:${days}:${page}`, () => getServed('/follow/index', { sort, days, page, limit }, { silent: true }), true);

export const fetchTraderDetail = (traderUserId: number, days: FigureWindow): Promise<Served<TraderDetail>> =>
  kept(`trader:${traderUserId}:${days}`, () => getServed('/follow/traderDetail', { trader_user_id: traderUserId, days }, { silent: true }), true);

export const fetchTraderHistory = (traderUserId: number, page: number, limit: number): Promise<Served<Page<TraderTrade>>> =>
  kept(`trader-history:${traderUserId}:${page}`, () => getServed('/follow/historyTrade', { trader_user_id: traderUserId, status: 'closed', page, limit }, { silent: true }), false);

export interface FollowSettings {
  [key: string]: string | number;
  trader_user_id: number;
  type: CopyMode;
  /** The multiple ("1.5") or whole lots ("2"). */
  number: string;
  /** Copy budget, USDT. */
  budget: string;
}

/** What following with these settings would do; a refusal of a field comes back as an ApiError. */
export const fetchFollowPreview = (settings: FollowSettings, signal?: AbortSignal) => get('/follow/followPreview', settings, { silent: true, signal });

export const followAction = () => idempotent((p: FollowSettings & { agree: 1 }) => post('/follow/follow', p, { mask: true }));
export const editFollowAction = () => idempotent((p: FollowSettings) => post('/follow/edit', p, { mask: true }));

export const fetchCancelPreview = (traderUserId: number) => get('/follow/cancelPreview', { follow_user_id: traderUserId }, { silent: true });
export const cancelFollowAction = () =>
  idempotent((p: { [key: string]: number; follow_user_id: number; close_positions: 0 | 1 }) => post('/follow/cancel', p, { mask: true }));

/** Detaches one copied position (`transaction_id`: its futures position id). */
export const selfHoldAction = () => idempotent((p: { [key: string]: number; transaction_id: number }) => post('/follow/selfHolding', p, { mask: true }));

export const fetchMyFollows = (status: 'active' | 'history', page: number, limit: number): Promise<Served<Page<MyFollow>>> =>
  kept(`follows:${status}:${page}`, () => getServed('/follow/my', { status, page, limit }, { silent: true }), true);

/** The caller's own follow of one trader (active), or null. */
export async function fetchMyFollowOf(traderUserId: number): Promise<MyFollow | null> {
  const detail = await get('/follow/traderDetail', { trader_user_id: traderUserId }, { silent: true });
  return detail.my_follow;
}

export const fetchMyCopies = (status: CopyStatus, page: number, limit: number, traderUserId?: number): Promise<Served<Page<CopyPosition>>> =>
  kept(
    `copies:${status}:${traderUserId ?? ''}:${page}`,
    () => getServed('/follow/copies', { status, page, limit, ...(traderUserId ? { trader_user_id: traderUserId } : {}) }, { silent: true }),
    true,
  );

export const fetchCopyHistory = (page: number, limit: number, traderUserId?: number): Promise<Served<Page<CopyEvent>>> =>
  kept(`copy-history:${traderUserId ?? ''}:${page}`, () => getServed('/follow/copyHistory', { page, limit, ...(traderUserId ? { trader_user_id: traderUserId } : {}) }, { silent: true }), true);

export const fetchTraderSelf = (): Promise<Served<TraderSelf>> => kept('trader-me', () => getServed('/follow/traderMe', undefined, { silent: true }), true);

export const applyTraderAction = (introduction: string) => post('/follow/apply', { agree: 1, introduction }, { mask: true });

export const setProfitShareAction = (profitShare: string) => post('/follow/profitShare', { profit_share: profitShare }, { mask: true });
