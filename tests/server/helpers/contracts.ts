import type { Contracts } from '../../../server/services/contracts/contracts-module.ts';
import type { FundAccount } from '../../../contract/api/wallet.ts';
import { ManualMarkSource } from '../../../server/services/contracts/mark-price-source.ts';
import { currencyId, fund, newKey, type TestUser } from './money.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { contractsOf } from '../../../server/modules/contracts/module.ts';
import { marketOf } from '../../../server/modules/market/module.ts';

/**
 * Contract tests run the real server with a mark source they set by hand (the market simulator is
 * off), and run the contracts' timed pass themselves after moving marks or the clock, so every
 * trigger happens when the test says. The server's own one-second pass runs too; every step is
 * idempotent, so a test asserts on state, not on which pass acted.
 */
export interface ContractsServer {
  t: TestServer;
  marks: ManualMarkSource;
  setMark(symbol: string, price: string): void;
  tick(): ReturnType<Contracts['tick']>;
}

export async function startContractsServer(): Promise<ContractsServer> {
  const marks = new ManualMarkSource();
  const t = await startTestServer({ simulator: false }, { markSource: marks });
  return {
    t,
    marks,
    setMark: (symbol, price) => marks.set(symbol, price, t.clock.now().getTime()),
    // The contracts' pass, then the due work it may have made due (overnight fees), as the server's runners do.
    tick: async () => {
      const report = await contractsOf(t.server.modules).tick();
      await t.server.services.dueWork.runDue();
      return report;
    },
  };
}

/** Deposits USDT (confirmed at once) and moves it from the coin account to `account`. */
export async function fundAccount(t: TestServer, user: TestUser, amount: string, account: FundAccount = 'lever', symbol = 'USDT'): Promise<void> {
  await fund(t, user.uid, symbol, amount);
  await t.ok('/api/wallet/change', {
    token: user.token,
    data: { currency_id: await currencyId(t, symbol), number: amount, from_field: 'change', to_field: account, idempotency_key: newKey() },
  });
}

/**
 * `n` seconds of the test clock, a second at a time as the server's loops see them: the mark price
 * takes a step each second and, when `contracts` is set, the contracts' pass runs after it.
 */
export async function passSeconds(t: TestServer, n: number, { contracts = true } = {}): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    t.clock.advance(1000);
    marketOf(t.server.modules).markPrices.tick();
    if (contracts) {
      await contractsOf(t.server.modules).tick();
      await t.server.services.dueWork.runDue();
    }
  }
}
