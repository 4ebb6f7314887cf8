import * as E from '../../../contract/endpoints/copytrade.ts';
import { writeTransaction } from '../../services/write-transaction.ts';
import type { ServerModule } from '../server-module.ts';
import { startBots } from './bots.ts';
import { forwardCopyEvents } from './copy-events.ts';
import { createCopytradeServices, COPYTRADE, type CopytradeServices } from './copytrade-services.ts';
import { COPYTRADE_ERROR_TEXTS } from './error-texts.ts';
import { figuresDue, figuresHandler } from './figures.ts';
import { copytradeMigration, copytradeTotalsMigration } from './migrations.ts';
import { COPYTRADE_OPS } from './ops.ts';
import { registerCopyRoutes } from './routes.ts';
import { shareHandler } from './shares.ts';

/**
 * Copy trading (issue 42): traders ranked by their figures (hourly due work), follows with fixed
 * multiple or fixed lots and a budget, each trader's futures change mirrored onto followers' copies
 * (exactly once, across restarts), self-holding, profit share as due work, becoming a trader.
 */
export const copytradeModule: ServerModule<CopytradeServices> = {
  name: COPYTRADE,
  create: (ctx, services, _options, modules) => createCopytradeServices(ctx, services, modules),
  migrations: (dialect) => ({ '0015_copytrade': copytradeMigration(dialect), '0016_copytrade_trade_totals': copytradeTotalsMigration() }),
  routes: (app, services, own) => registerCopyRoutes(app, { ...services, ...own }),
  errorTexts: COPYTRADE_ERROR_TEXTS,
  // Marks (PnL, copies at the mark) are the engine's: these are answered where it runs.
  engineRoutes: [E.traderDetail, E.traderHistory, E.followPreview, E.follow, E.editFollow, E.cancelPreview, E.cancelFollow, E.selfHolding, E.myFollows, E.myCopies],
  due: (services, own) => [shareHandler(own.copytrade.ctx, services.ledger), figuresHandler],
  ops: COPYTRADE_OPS,
  // The mirror and the simulator's bots run where the engine does; the hourly figures chain starts here.
  open: async (own, { ctx, services, leader, options }) => {
    await writeTransaction(ctx, (trx) => services.dueWork.schedule(trx, figuresDue(ctx.clock.now().getTime())));
    if (!leader) return null;
    const mirror = own.copytrade.mirror.start();
    const bots = options.simulator ? startBots(ctx, own.copytrade.contracts, services.ledger, services.dueWork, ctx.log) : null;
    return { stop: async () => { await bots?.stop(); await mirror.stop(); } };
  },
  userEvents: (_services, sink, own) => forwardCopyEvents(own.copytrade.events, sink),
};

export { copytradeOf } from './copytrade-services.ts';
