import * as E from '../../../contract/endpoints/contracts.ts';
import { contractsMigration } from '../../db/migrations/0006-contracts.ts';
import * as commands from './contract-commands.ts';
import { contractHolds } from '../../services/contracts/contract-holds.ts';
import { forwardContractEvents } from '../../services/contracts/contract-stream.ts';
import { startContractsTicker } from '../../services/contracts/contracts-module.ts';
import { createContractsServices, CONTRACTS, type ContractsServices } from './contracts-services.ts';
import { registerFuturesRoutes } from './futures-routes.ts';
import { registerOptionsRoutes } from './options-routes.ts';
import { CONTRACT_ERROR_TEXTS } from './error-texts.ts';
import type { ServerModule } from '../server-module.ts';

/** Futures on coins and stocks, and seconds options. */
export const contractsModule: ServerModule<ContractsServices> = {
  name: CONTRACTS,
  create: createContractsServices,
  migrations: (dialect) => ({ '0006_contracts': contractsMigration(dialect) }),
  routes(app, services, own) {
    registerFuturesRoutes(app, { ...services, ...own });
    registerOptionsRoutes(app, { ...services, ...own });
  },
  errorTexts: CONTRACT_ERROR_TEXTS,
  holds: [contractHolds],
  ops: {
    positions: { usage: 'positions <email|uid>', summary: "a user's futures positions and limit orders (live first) with marks, fees and PnL", run: commands.positions },
    options: { usage: 'options <email|uid>', summary: "a user's seconds options (open first) with entry, exit and result", run: commands.options },
    mark: { usage: 'mark [<symbol> <price|clear>]', summary: 'override the mark price contracts use (running servers apply it within a second); clear it; no args lists overrides', run: commands.mark },
  },
  // Every /lever route reads mark prices, which only the leader computes; placing an option takes
  // the entry mark (its lists read the database).
  engineRoutes: [E.futuresDeal, E.submitFutures, E.futuresDealAll, E.closePosition, E.cancelFutures, E.batchClose, E.setStops, E.futuresTrades, E.submitOption],
  // Live PnL and risk rates, and settled options, on each user's channel.
  // Overnight fees (a recurring item per charge instant, one per position under it) and option
  // settlements (one per option at its expiry).
  due: (_services, own) => [...own.contracts.overnight.handlers, ...own.contracts.settler.handlers],
  open: async (own, { services }) => {
    await own.contracts.overnight.start(services.dueWork);
    await own.contracts.settler.start(services.dueWork);
    return null;
  },
  userEvents: (_services, sink, own) => forwardContractEvents(own.contracts.events, sink),
  start: (_services, { leader, log }, own) => (leader ? startContractsTicker(own.contracts, log) : null),
};

export { contractsOf } from './contracts-services.ts';
