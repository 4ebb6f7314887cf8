import type { IeoOrderResult, IeoPreview, IeoProject, IeoProjectDetail, IeoSubscription } from '../api/ieo.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * IEO token sales (section 7: GET /project, /project/detail, /user/project/order; POST
 * /project/order), and the subscription preview the form shows. `pay_currency` is a symbol ("USDT")
 * or a currency id; `amount` is a number of tokens (contract/api/ieo.ts).
 */

const PAGE = { page: 'id?', limit: 'id?' } as const;

/** `phase` warmup, in_progress or ended (which includes calculating and distributed); all when left out. */
export const projects = endpoint<Page<IeoProject>>()({ method: 'read', path: '/project', auth: 'none', fields: { phase: 'text?', ...PAGE } });
/** With a session: the user's subscription and financial balances in the pay currencies. */
export const projectDetail = endpoint<IeoProjectDetail>()({ method: 'read', path: '/project/detail', auth: 'optional', fields: { id: 'id' } });
/** `price` must be the project's price in that currency now, or the order is refused as stale. */
export const subscribe = endpoint<IeoOrderResult>()({
  method: 'write', path: '/project/order', auth: 'required',
  fields: { project_id: 'id', amount: 'amount', pay_currency: { kind: 'text', max: 20 }, price: 'amount', idempotency_key: 'text?' },
});
/** The confirm screen's figures; counts the signed-in user's earlier subscriptions. */
export const subscribePreview = endpoint<IeoPreview>()({
  method: 'read', path: '/project/order/preview', auth: 'optional',
  fields: { project_id: 'id', amount: 'amount', pay_currency: { kind: 'text', max: 20 } },
});
/** The user's subscriptions, newest first; `project_id` narrows to one project. */
export const mySubscriptions = endpoint<Page<IeoSubscription>>()({ method: 'read', path: '/user/project/order', auth: 'required', fields: { project_id: 'id?', ...PAGE } });
