import { createIeoServices, IEO, type IeoServices } from './ieo-services.ts';
import { IEO_ERROR_TEXTS } from './error-texts.ts';
import { ieoHolds } from './ieo-holds.ts';
import { ieoMigrations } from './migrations.ts';
import { IEO_OPS } from './ops.ts';
import { registerIeoRoutes } from './routes.ts';
import { seedIeo } from './seed.ts';
import type { ServerModule } from '../server-module.ts';

/** IEO token sales: projects, subscriptions frozen in the financial account, the allocation at the end. */
export const ieoModule: ServerModule<IeoServices> = {
  name: IEO,
  create: (ctx, services) => createIeoServices(ctx, services),
  migrations: ieoMigrations,
  seed: seedIeo,
  routes: (app, services, own) => registerIeoRoutes(app, { ...services, ...own }),
  errorTexts: IEO_ERROR_TEXTS,
  holds: [ieoHolds],
  // The allocation at each sale's end, then its payout batches.
  due: (_services, own) => own.allocator.handlers,
  // Sales of an older database, and the seed's, get their allocation scheduled.
  open: async (own, { services }) => {
    await own.allocator.start(services.dueWork);
    return null;
  },
  ops: IEO_OPS,
};

export { ieoOf, type IeoServices } from './ieo-services.ts';
