import * as commands from './earn-commands.ts';
import { earnHolds } from './earn-holds.ts';
import { registerEarnRoutes } from './earn-routes.ts';
import { seedEarn } from './earn-seed.ts';
import { createEarnServices, EARN, marketCloses, type EarnServices } from './earn-services.ts';
import { startFixingLoop } from './earn-settlement.ts';
import { EARN_ERROR_TEXTS } from './error-texts.ts';
import { earnMigrations } from './migrations.ts';
import type { ServerModule } from '../server-module.ts';

/**
 * The finance tab's earn products: invest (linked-price) and dual-currency, in ONE module. They are
 * the same instrument (a deposit that, at a fixing time, pays back in the coin or the quote by one
 * rule, rules.ts), so they share the order table, the fixing prices, the settlement due work, the
 * holds source and "my positions"; two modules would duplicate all of that or reach into each
 * other. Each keeps its own products table, endpoints (contract/endpoints/invest.ts, dual.ts),
 * error codes (INVEST.*, DUAL.*), migration (0013_invest_..., 0014_dual_...) and screens.
 */
export const earnModule: ServerModule<EarnServices> = {
  name: EARN,
  create: (ctx, services, _options, modules) => createEarnServices(ctx, services, marketCloses(modules)),
  migrations: earnMigrations,
  seed: seedEarn,
  routes: (app, services, own) => registerEarnRoutes(app, { ...services, ...own }),
  errorTexts: EARN_ERROR_TEXTS,
  holds: [earnHolds],
  // One item per order at its fixing time (+ a grace), scheduled by the purchase.
  due: (_services, own) => own.settlement.handlers,
  ops: {
    'earn-products': { usage: 'earn-products', summary: 'invest and dual products with terms, remaining quota and state', run: commands.earnProducts },
    'invest-create': { usage: 'invest-create name=<text> coin=BTC price=<per share> linked=<price> rate=<0.12|12%> days=<n> shares=<n> [min=<n>]', summary: 'create an invest (linked-price) product', run: commands.investCreate },
    'invest-edit': { usage: 'invest-edit <id> [name=..] [rate=..] [linked=..] [days=..] [min=..] [add=<shares>] [state=open]', summary: 'edit an invest product for new purchases (held orders keep their terms)', run: commands.investEdit },
    'invest-close': { usage: 'invest-close <id>', summary: 'close an invest product to new purchases', run: commands.investClose },
    'dual-create': { usage: 'dual-create coin=BTC type=sell_high|buy_low target=<price> rate=<0.3|30%> days=<n> min=<amount> quota=<amount>', summary: 'create a dual-currency product', run: commands.dualCreate },
    'dual-edit': { usage: 'dual-edit <id> [rate=..] [target=..] [days=..] [min=..] [add=<amount>] [state=open]', summary: 'edit a dual product for new purchases (held orders keep their terms)', run: commands.dualEdit },
    'dual-close': { usage: 'dual-close <id>', summary: 'close a dual product to new purchases', run: commands.dualClose },
    'earn-orders': { usage: 'earn-orders <email|uid>', summary: "a user's invest and dual orders (newest 50) with state, fixing and payout", run: commands.earnOrdersOf },
    'earn-fix': { usage: 'earn-fix', summary: 'record the fixing prices whose windows have passed (a running server does this every 2 s)', run: commands.earnFix },
  },
  start: (_services, { leader, log }, own) => (leader ? startFixingLoop(own.fixings, log) : null),
};

export { earnOf } from './earn-services.ts';
