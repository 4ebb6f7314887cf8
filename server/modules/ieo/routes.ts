import type { FastifyInstance } from 'fastify';
import * as E from '../../../contract/endpoints/ieo.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { idempotentCall, optionalIdField, pagingField } from '../../http/money-fields.ts';
import type { Services } from '../../services/create-services.ts';
import type { IeoServices } from './ieo-services.ts';
import { isPhaseFilter } from './rules.ts';
import type { IeoPhaseFilter } from '../../../contract/api/ieo.ts';

/** What these routes use: their module's services and the session lookup. */
export type IeoRoutesServices = Pick<Services, 'sessions'> & IeoServices;

function phaseField(call: Call): Outcome<IeoPhaseFilter | null> {
  const raw = call.input.phase?.trim();
  if (raw === undefined || raw === '' || raw === 'all') return success(null);
  return isPhaseFilter(raw) ? success(raw) : failure('IEO.PHASE_INVALID', 'phase');
}

/** Money is a decimal string on the wire: a JSON number may already have been rounded by its sender. */
function moneyAsNumber(call: Call): Outcome<never> | null {
  for (const field of ['amount', 'price']) if (call.flags.numeric.has(field)) return failure('VALID.AMOUNT', field);
  return null;
}

/**
 * Section 7's IEO calls and the subscription preview. A subscription is looked up with the caller's
 * uid only; /project/order requires an idempotency key (it moves money).
 */
export function registerIeoRoutes(app: FastifyInstance, services: IeoRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { projects, subscriptions } = services;

  serve(E.projects, async (call) => {
    const phase = phaseField(call);
    if (!phase.ok) return phase;
    const paging = pagingField(call);
    return paging.ok ? projects.list(phase.value, paging.value) : paging;
  });

  serve(E.projectDetail, (call) => projects.detail(call.fields.id, call.userId));

  serve(E.subscribe, async (call) => {
    const idem = idempotentCall(call, 'project/order', true);
    if (!idem.ok) return idem;
    const { project_id, amount, pay_currency, price } = call.fields;
    const numeric = moneyAsNumber(call);
    if (numeric) return numeric;
    return subscriptions.subscribe(idem.value, { projectId: project_id, amount, payCurrency: pay_currency, price });
  });

  serve(E.subscribePreview, (call) => {
    const { project_id, amount, pay_currency } = call.fields;
    const numeric = moneyAsNumber(call);
    if (numeric) return numeric;
    return subscriptions.preview(call.userId, { projectId: project_id, amount, payCurrency: pay_currency });
  });

  serve(E.mySubscriptions, async (call) => {
    const project = optionalIdField(call, 'project_id');
    if (!project.ok) return project;
    const paging = pagingField(call);
    return paging.ok ? subscriptions.mine(signedIn(call), project.value, paging.value) : paging;
  });
}
