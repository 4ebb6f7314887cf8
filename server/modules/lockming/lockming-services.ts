import type { Services } from '../../services/create-services.ts';
import type { DueHandler } from '../../services/due-work/due-work.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { lockDueHandlers } from './dividends.ts';
import { LockService } from './lock-service.ts';

/** Lock mining's own services. */
export interface LockmingServices {
  lockming: { lock: LockService; due: DueHandler[] };
}

/** The module's name, and its services from a server's or the ops command line's modules. */
export const LOCKMING = 'lockming';
export const lockmingOf = (modules: { own(name: string): unknown }): LockService => (modules.own(LOCKMING) as LockmingServices).lockming.lock;

export function createLockmingServices(ctx: ServiceContext, services: Services): LockmingServices {
  return { lockming: { lock: new LockService(ctx, services.ledger, services.idempotency, services.dueWork), due: lockDueHandlers(ctx, services.ledger) } };
}
