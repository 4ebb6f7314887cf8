import type { Services } from '../../services/create-services.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { IeoAllocator } from './allocation-due.ts';
import { ProjectAdmin } from './project-admin.ts';
import { ProjectReads } from './project-reads.ts';
import { SubscribeService } from './subscribe-service.ts';

/** The IEO module's own services: project reads, subscribing, the operator's writes, the allocation. */
export interface IeoServices {
  projects: ProjectReads;
  subscriptions: SubscribeService;
  admin: ProjectAdmin;
  allocator: IeoAllocator;
}

/** The module's name, and its services from a server's or the ops command line's modules. */
export const IEO = 'ieo';
export const ieoOf = (modules: { own(name: string): unknown }): IeoServices => modules.own(IEO) as IeoServices;

export function createIeoServices(ctx: ServiceContext, services: Services): IeoServices {
  return {
    projects: new ProjectReads(ctx),
    subscriptions: new SubscribeService(ctx, services.ledger, services.idempotency),
    admin: new ProjectAdmin(ctx, services.dueWork),
    allocator: new IeoAllocator(ctx),
  };
}
