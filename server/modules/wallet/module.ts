import * as E from '../../../contract/endpoints/wallet.ts';
import { walletMigration } from '../../db/migrations/0003-wallet.ts';
import * as money from './money-commands.ts';
import { contractsOf } from '../contracts/module.ts';
import { marketOf } from '../market/module.ts';
import { startChainTicker } from '../../services/custody/chain-simulator.ts';
import { withdrawalHolds } from '../../services/wallet/withdrawal-holds.ts';
import { registerMoneyRoutes } from './money-routes.ts';
import { registerSettingsRoutes } from './settings-routes.ts';
import { registerWalletRoutes } from './wallet-routes.ts';
import { createWalletServices, WALLET, type WalletServices } from './wallet-services.ts';
import { MONEY_ERROR_TEXTS } from './error-texts.ts';
import type { ServerModule } from '../server-module.ts';

/** The money core's products: deposits, withdrawals, transfers, the exchange, top-ups. */
export const walletModule: ServerModule<WalletServices> = {
  name: WALLET,
  create: (ctx, services, options, modules) => createWalletServices(ctx, services, { margins: contractsOf(modules).margins, markPrices: marketOf(modules).markPrices }, options.chainBlockMs),
  migrations: (dialect) => ({ '0003_wallet': walletMigration(dialect) }),
  routes(app, services, own) {
    const both = { ...services, ...own };
    registerWalletRoutes(app, both);
    registerMoneyRoutes(app, both);
    registerSettingsRoutes(app, both);
  },
  errorTexts: MONEY_ERROR_TEXTS,
  holds: [withdrawalHolds],
  ops: {
    deposit: { usage: 'deposit <email|uid> <coin> <amount> [network] [--confirmed]', summary: 'simulate an incoming deposit; credited after its confirmations (at once with --confirmed)', run: money.deposit },
    confirm: { usage: 'confirm <deposit-id|all>', summary: 'mine the blocks a confirming deposit still needs, crediting it', run: money.confirm },
    deposits: { usage: 'deposits', summary: 'deposits still confirming', run: money.deposits },
    tick: { usage: 'tick', summary: 'add the confirmations of blocks mined since the last ones (a running server does this every second)', run: money.tick },
    withdrawals: { usage: 'withdrawals', summary: 'withdrawals waiting for review (pending) or for the chain (approved)', run: money.withdrawals },
    'withdraw-approve': { usage: 'withdraw-approve <id>', summary: 'approve a withdrawal and send it (a fake tx hash on the simulated chain)', run: money.withdrawApprove },
    'withdraw-reject': { usage: 'withdraw-reject <id>', summary: 'reject a pending withdrawal; amount and fee become available again', run: money.withdrawReject },
    charges: { usage: 'charges', summary: 'fiat top-up requests waiting', run: money.charges },
    'charge-credit': { usage: 'charge-credit <id>', summary: 'the money arrived: credit a top-up request', run: money.chargeCredit },
    'charge-reject': { usage: 'charge-reject <id>', summary: 'reject a top-up request', run: money.chargeReject },
    balances: { usage: 'balances <email|uid|system>', summary: "a user's (or the system accounts') balances", run: money.balances },
  },
  // The exchange is priced from live marks; a transfer out of a lever or stock account is limited
  // by its positions' unrealised loss at the marks (futures-margin-guard.ts).
  engineRoutes: [E.exchangeQuote, E.exchange, E.accountTransfer],
  start: (_services, { leader, log }, own) => (leader ? startChainTicker(own.chain, log) : null),
};
export { walletOf } from './wallet-services.ts';
