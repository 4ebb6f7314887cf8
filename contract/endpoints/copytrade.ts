import type {
  CancelPreview, CancelResult, CopyEvent, CopyPosition, FollowPreview, MyFollow, TraderDetail, TraderRow, TraderSelf, TraderTrade,
} from '../api/copytrade.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Copy trading (section 7 /follow/*), with the previews and settings its screens need. A trader is
 * named by `trader_user_id` (the spec's /follow/cancel says `follow_user_id`: the same trader's id);
 * a copied position by its futures position id (`transaction_id`). Follows and copies are always
 * looked up among the caller's own: another user's answers COMMON.NOT_FOUND.
 */

const KEY = { idempotency_key: 'text?' } as const;
const PAGE = { page: 'id?', limit: 'id?' } as const;
const TRADER = { kind: 'id', code: 'COPYTRADE.TRADER_NOT_FOUND' } as const;
/** Absent or false answers COPYTRADE.AGREEMENT_REQUIRED. */
const AGREE = { kind: 'flag', optional: true, code: 'COPYTRADE.AGREEMENT_REQUIRED' } as const;
const DAYS = { kind: 'int', optional: true, code: 'COPYTRADE.WINDOW_INVALID' } as const;
/** `type` multiple|lots (or the spec's 1|2); `number` the multiple ("1.5", up to 2 decimals) or whole lots ("3"); `budget` USDT. */
const SETTINGS = {
  type: { kind: 'text', max: 16, code: 'COPYTRADE.TYPE_INVALID' },
  number: { kind: 'amount', code: 'COPYTRADE.NUMBER_INVALID' },
  budget: { kind: 'amount', code: 'COPYTRADE.BUDGET_INVALID' },
} as const;

/** The ranking: `sort` profit (default), yield, accuracy or followers, over `days` 7, 30 (default) or 90. */
export const traders = endpoint<Page<TraderRow>>()({
  method: 'read', path: '/follow/index', auth: 'optional',
  fields: { sort: { kind: 'text', optional: true, max: 16, code: 'COPYTRADE.SORT_INVALID' }, days: DAYS, ...PAGE },
});
/** A trader's page: figures of `days` (default 30), PnL curve, open positions, the caller's follow. */
export const traderDetail = endpoint<TraderDetail>()({ method: 'read', path: '/follow/traderDetail', auth: 'optional', fields: { trader_user_id: TRADER, days: DAYS } });
/** A trader's closed positions, newest first (`status` closed, default) or open ones (`status` open). */
export const traderHistory = endpoint<Page<TraderTrade>>()({
  method: 'read', path: '/follow/historyTrade', auth: 'optional',
  fields: { trader_user_id: TRADER, status: { kind: 'text', optional: true, max: 16, code: 'COPYTRADE.STATUS_INVALID' }, ...PAGE },
});

/** What following with these settings would do. */
export const followPreview = endpoint<FollowPreview>()({ method: 'read', path: '/follow/followPreview', auth: 'required', fields: { trader_user_id: TRADER, ...SETTINGS } });
/** Follows a trader; `agree` must be true (the copy agreement accepted). Copies start with the trader's next open. */
export const follow = endpoint<MyFollow>()({
  method: 'write', path: '/follow/follow', auth: 'required',
  fields: { trader_user_id: TRADER, ...SETTINGS, agree: AGREE, ...KEY },
});
/** Changes an active follow's settings; copies already open keep their size. */
export const editFollow = endpoint<MyFollow>()({ method: 'write', path: '/follow/edit', auth: 'required', fields: { trader_user_id: TRADER, ...SETTINGS, ...KEY } });
export const cancelPreview = endpoint<CancelPreview>()({ method: 'read', path: '/follow/cancelPreview', auth: 'required', fields: { follow_user_id: TRADER } });
/**
 * Stops following: `close_positions` true closes the open copies now at the marks; false (default)
 * keeps them open as self-held. Either way the profit share due is settled.
 */
export const cancelFollow = endpoint<CancelResult>()({
  method: 'write', path: '/follow/cancel', auth: 'required', fields: { follow_user_id: TRADER, close_positions: 'flag?', ...KEY },
});
/** Detaches one copied position (`transaction_id`: its futures position id): it stays open, the trader's later actions no longer touch it. */
export const selfHolding = endpoint<CopyPosition>()({ method: 'write', path: '/follow/selfHolding', auth: 'required', fields: { transaction_id: 'id', ...KEY } });

/** The caller's follows: `status` active (default) or history (stopped). */
export const myFollows = endpoint<Page<MyFollow>>()({
  method: 'read', path: '/follow/my', auth: 'required',
  fields: { status: { kind: 'text', optional: true, max: 16, code: 'COPYTRADE.STATUS_INVALID' }, ...PAGE },
});
/** The caller's copied positions: `status` open (default) or closed; of one trader with `trader_user_id`. */
export const myCopies = endpoint<Page<CopyPosition>>()({
  method: 'read', path: '/follow/copies', auth: 'required',
  fields: { status: { kind: 'text', optional: true, max: 16, code: 'COPYTRADE.STATUS_INVALID' }, trader_user_id: { ...TRADER, optional: true }, ...PAGE },
});
/** The caller's copy history, newest first: each mirrored action and each skip with its reason. */
export const copyHistory = endpoint<Page<CopyEvent>>()({
  method: 'read', path: '/follow/copyHistory', auth: 'required', fields: { trader_user_id: { ...TRADER, optional: true }, ...PAGE },
});

/** The caller as a trader: application state, profit share, followers. */
export const traderMe = endpoint<TraderSelf>()({ method: 'read', path: '/follow/traderMe', auth: 'required', fields: {} });
/** Applies to become a trader; `agree` must be true (the trader agreement). An operator approves it (ops copytrade-approve). */
export const applyTrader = endpoint<TraderSelf>()({
  method: 'write', path: '/follow/apply', auth: 'required',
  fields: { agree: AGREE, introduction: { kind: 'text', optional: true, max: 200, code: 'COPYTRADE.INTRODUCTION_INVALID' } },
});
/** An approved trader sets their profit share: a fraction from 0 to max_profit_share ("0.1" = 10 %); applies to new follows. */
export const setProfitShare = endpoint<TraderSelf>()({
  method: 'write', path: '/follow/profitShare', auth: 'required', fields: { profit_share: { kind: 'amount', code: 'COPYTRADE.PROFIT_SHARE_INVALID' } },
});
