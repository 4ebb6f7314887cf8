import type { FastifyInstance } from 'fastify';
import * as E from '../../../contract/endpoints/copytrade.ts';
import { COPY_STATUSES, FIGURE_WINDOWS, TRADER_SORTS, type CopyStatus, type FigureWindow, type TraderSort } from '../../../contract/api/copytrade.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { ErrorCode } from '../../../contract/error-codes.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { idempotentCall, pagingField } from '../../http/money-fields.ts';
import type { Services } from '../../services/create-services.ts';
import type { CopytradeServices } from './copytrade-services.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type CopyRoutesServices = Pick<Services, 'sessions'> & CopytradeServices;

function oneOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T, code: ErrorCode, field: string): Outcome<T> {
  if (raw === undefined || raw.trim() === '') return success(fallback);
  const value = raw.trim().toLowerCase();
  return (allowed as readonly string[]).includes(value) ? success(value as T) : failure(code, field);
}

function windowOf(days: number | undefined): Outcome<FigureWindow> {
  if (days === undefined) return success(30);
  return (FIGURE_WINDOWS as readonly number[]).includes(days) ? success(days as FigureWindow) : failure('COPYTRADE.WINDOW_INVALID', 'days');
}

/**
 * Copy trading (section 7 /follow/*) and the extra calls its screens need. Follows, copies and
 * history are always read with the caller's uid; writes take an optional idempotency key.
 */
export function registerCopyRoutes(app: FastifyInstance, services: CopyRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { views, follows, traders } = services.copytrade;

  serve(E.traders, async (call) => {
    const sort = oneOf<TraderSort>(call.fields.sort, TRADER_SORTS, 'profit', 'COPYTRADE.SORT_INVALID', 'sort');
    if (!sort.ok) return sort;
    const days = windowOf(call.fields.days);
    if (!days.ok) return days;
    const paging = pagingField(call);
    return paging.ok ? views.traders(call.userId, sort.value, days.value, paging.value) : paging;
  });

  serve(E.traderDetail, async (call) => {
    const days = windowOf(call.fields.days);
    return days.ok ? views.detail(call.userId, call.fields.trader_user_id, days.value) : days;
  });

  serve(E.traderHistory, async (call) => {
    const status = oneOf<CopyStatus>(call.fields.status, COPY_STATUSES, 'closed', 'COPYTRADE.STATUS_INVALID', 'status');
    if (!status.ok) return status;
    const paging = pagingField(call);
    if (!paging.ok) return paging;
    const [trader] = await views.traderRows(null, [call.fields.trader_user_id]);
    if (!trader) return failure('COPYTRADE.TRADER_NOT_FOUND', 'trader_user_id');
    return success(await views.traderTrades(call.fields.trader_user_id, status.value, paging.value));
  });

  serve(E.followPreview, (call) => follows.preview(signedIn(call), call.fields.trader_user_id, call.fields));

  serve(E.follow, async (call) => {
    const idem = idempotentCall(call, 'follow/follow', false);
    return idem.ok ? follows.follow(idem.value, call.fields.trader_user_id, call.fields, call.fields.agree === true) : idem;
  });

  serve(E.editFollow, async (call) => {
    const idem = idempotentCall(call, 'follow/edit', false);
    return idem.ok ? follows.edit(idem.value, call.fields.trader_user_id, call.fields) : idem;
  });

  serve(E.cancelPreview, (call) => follows.cancelPreview(signedIn(call), call.fields.follow_user_id));

  serve(E.cancelFollow, async (call) => {
    const idem = idempotentCall(call, 'follow/cancel', false);
    return idem.ok ? follows.cancel(idem.value, call.fields.follow_user_id, call.fields.close_positions === true) : idem;
  });

  serve(E.selfHolding, async (call) => {
    const idem = idempotentCall(call, 'follow/selfHolding', false);
    return idem.ok ? follows.selfHold(idem.value, call.fields.transaction_id) : idem;
  });

  serve(E.myFollows, async (call) => {
    const status = oneOf(call.fields.status, ['active', 'history'] as const, 'active', 'COPYTRADE.STATUS_INVALID', 'status');
    if (!status.ok) return status;
    const paging = pagingField(call);
    return paging.ok ? success(await views.myFollows(signedIn(call), status.value, paging.value)) : paging;
  });

  serve(E.myCopies, async (call) => {
    const status = oneOf<CopyStatus>(call.fields.status, COPY_STATUSES, 'open', 'COPYTRADE.STATUS_INVALID', 'status');
    if (!status.ok) return status;
    const paging = pagingField(call);
    return paging.ok ? success(await views.copies(signedIn(call), status.value, call.fields.trader_user_id, paging.value)) : paging;
  });

  serve(E.copyHistory, async (call) => {
    const paging = pagingField(call);
    return paging.ok ? success(await views.history(signedIn(call), call.fields.trader_user_id, paging.value)) : paging;
  });

  serve(E.traderMe, async (call) => success(await traders.me(signedIn(call))));
  serve(E.applyTrader, (call) => traders.apply(signedIn(call), call.fields.agree === true, call.fields.introduction ?? ''));
  serve(E.setProfitShare, (call) => traders.setShare(signedIn(call), call.fields.profit_share));
}
