import type { Services } from '../../services/create-services.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { Contracts } from '../../services/contracts/contracts-module.ts';
import { contractsOf } from '../contracts/module.ts';
import type { ModulesBuilt } from '../server-module.ts';
import { CopyEvents } from './copy-events.ts';
import { copyHook } from './copy-hook.ts';
import { CopyViews } from './copy-views.ts';
import { FollowService } from './follow-service.ts';
import { CopyMirror } from './mirror.ts';
import { TraderService } from './trader-service.ts';

/** Copy trading's own services. */
export interface CopytradeServices {
  copytrade: {
    views: CopyViews;
    follows: FollowService;
    traders: TraderService;
    mirror: CopyMirror;
    events: CopyEvents;
    /** What its due work and loops run with. */
    ctx: ServiceContext;
    contracts: Contracts;
  };
}

export const COPYTRADE = 'copytrade';
export const copytradeOf = (modules: { own(name: string): unknown }): CopytradeServices['copytrade'] => (modules.own(COPYTRADE) as CopytradeServices).copytrade;

/** The futures hook records traders' activity in their own transactions; the mirror copies it (only where started: the engine's process). */
export function createCopytradeServices(ctx: ServiceContext, services: Services, modules: ModulesBuilt): CopytradeServices {
  const contracts = contractsOf(modules);
  const events = new CopyEvents();
  const views = new CopyViews(ctx, contracts);
  const mirror = new CopyMirror(ctx, contracts, events);
  contracts.settlement.hooks.add(copyHook(ctx, services.dueWork, () => mirror.nudge()));
  return {
    copytrade: {
      views, mirror, events, ctx, contracts,
      follows: new FollowService(ctx, services.ledger, services.idempotency, contracts, views, services.dueWork),
      traders: new TraderService(ctx),
    },
  };
}
