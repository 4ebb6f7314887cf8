import type { ServerModule } from '../server-module.ts';
import { LOCKMING_ERROR_TEXTS } from './error-texts.ts';
import { lockHolds } from './lock-holds.ts';
import { createLockmingServices, LOCKMING, type LockmingServices } from './lockming-services.ts';
import { lockmingMigration } from './migrations.ts';
import { LOCKMING_OPS } from './ops.ts';
import { registerLockRoutes } from './routes.ts';
import { seedLockProducts } from './seed.ts';

/** Lock mining (issue 40): products, locks in the mining account, daily dividends and maturity as due work, early redemption. */
export const lockmingModule: ServerModule<LockmingServices> = {
  name: LOCKMING,
  create: (ctx, services) => createLockmingServices(ctx, services),
  migrations: (dialect) => ({ '0011_lockming_products_orders': lockmingMigration(dialect) }),
  seed: seedLockProducts,
  routes: (app, services, own) => registerLockRoutes(app, { ...services, ...own }),
  errorTexts: LOCKMING_ERROR_TEXTS,
  holds: [lockHolds],
  due: (_services, own) => own.lockming.due,
  ops: LOCKMING_OPS,
};

export { lockmingOf } from './lockming-services.ts';
