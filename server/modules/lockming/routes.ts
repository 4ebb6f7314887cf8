import type { FastifyInstance } from 'fastify';
import * as E from '../../../contract/endpoints/lockming.ts';
import { LOCK_CATEGORIES, LOCK_ORDER_STATUSES, type LockCategory, type LockOrderStatus } from '../../../contract/api/lockming.ts';
import { parseAmount } from '../../domain/amount-input.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { amountText, idempotentCall, pagingField } from '../../http/money-fields.ts';
import type { LockmingServices } from './lockming-services.ts';
import type { ProductCoin } from './lock-service.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type LockRoutesServices = Pick<Services, 'sessions'> & LockmingServices;

function oneOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T | undefined, code: 'LOCKMING.CATEGORY_INVALID' | 'LOCKMING.STATUS_INVALID', field: string): Outcome<T | undefined> {
  if (raw === undefined || raw.trim() === '') return success(fallback);
  const value = raw.trim().toLowerCase();
  return (allowed as readonly string[]).includes(value) ? success(value as T) : failure(code, field);
}

/** The amount in the product coin's minor units: a plain positive decimal with at most its places, said once. */
function amountOf(call: Call, { coin }: ProductCoin): Outcome<bigint> {
  const text = amountText(call, ['amount']);
  return text.ok ? parseAmount(text.value.text, coin.decimals, 'amount') : text;
}

/**
 * Lock mining (section 7 /lh/deposit/*) and its previews. Orders are always looked up with the
 * caller's uid; the lock and the redemption require an idempotency key.
 */
export function registerLockRoutes(app: FastifyInstance, services: LockRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { lock } = services.lockming;

  serve(E.lockProducts, async (call) => {
    const category = oneOf<LockCategory>(call.fields.type, LOCK_CATEGORIES, undefined, 'LOCKMING.CATEGORY_INVALID', 'type');
    return category.ok ? lock.products(category.value, call.fields.id, call.userId) : category;
  });

  serve(E.lockPreview, async (call) => {
    const product = await lock.productCoin(call.fields.config_id);
    if (!product.ok) return product;
    const amount = amountOf(call, product.value);
    return amount.ok ? lock.preview(signedIn(call), product.value, amount.value) : amount;
  });

  serve(E.lock, async (call) => {
    const product = await lock.productCoin(call.fields.config_id);
    if (!product.ok) return product;
    const amount = amountOf(call, product.value);
    if (!amount.ok) return amount;
    const idem = idempotentCall(call, 'lh/deposit', true);
    return idem.ok ? lock.lock(idem.value, product.value.product.id, amount.value) : idem;
  });

  serve(E.lockOrders, async (call) => {
    const status = oneOf<LockOrderStatus>(call.fields.status, LOCK_ORDER_STATUSES, 'in_progress', 'LOCKMING.STATUS_INVALID', 'status');
    if (!status.ok) return status;
    const paging = pagingField(call);
    return paging.ok ? lock.orders(signedIn(call), status.value ?? 'in_progress', paging.value) : paging;
  });

  serve(E.redeemPreview, (call) => lock.redeemPreview(signedIn(call), call.fields.id));

  serve(E.redeem, async (call) => {
    const idem = idempotentCall(call, 'lh/deposit/order/cancel', true);
    return idem.ok ? lock.redeem(idem.value, call.fields.id) : idem;
  });
}
