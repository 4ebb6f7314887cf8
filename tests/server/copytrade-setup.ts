import type { FuturesSubmitResult } from '../../contract/api/contracts.ts';
import type { MyFollow } from '../../contract/api/copytrade.ts';
import { copytradeOf } from '../../server/modules/copytrade/module.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { makeUser, newKey, type TestUser } from './helpers/money.ts';

/** Copy trading tests' set-up: the contracts server with hand-set marks, traders approved as the ops command does. */
export async function startCopyServer(): Promise<ContractsServer> {
  const c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  c.setMark('ETH/USDT', '3000');
  return c;
}

export const copytrade = (c: ContractsServer) => copytradeOf(c.t.server.modules);

export async function makeTrader(c: ContractsServer, email: string, funds = '10000', maxFollowers?: number): Promise<TestUser> {
  const user = await makeUser(c.t, email);
  await fundAccount(c.t, user, funds);
  await c.t.ok('/api/follow/apply', { token: user.token, data: { agree: 1 } });
  const decided = await copytrade(c).traders.decide(user.uid, true, maxFollowers);
  if (!decided.ok) throw new Error(decided.code);
  return user;
}

export async function makeFollower(c: ContractsServer, email: string, funds: string | null, trader: TestUser | null, settings: Record<string, string> = { type: 'multiple', number: '1', budget: '1000' }) {
  const user = await makeUser(c.t, email);
  if (funds !== null) await fundAccount(c.t, user, funds);
  const follow = trader ? await follow_(c, user, trader, settings) : null;
  return { user, follow };
}

export const follow_ = (c: ContractsServer, user: TestUser, trader: TestUser, settings: Record<string, string>) =>
  c.t.ok<MyFollow>('/api/follow/follow', { token: user.token, data: { trader_user_id: trader.uid, agree: 1, ...settings } });

export const submit = (c: ContractsServer, user: TestUser, data: Record<string, string | number>) =>
  c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { idempotency_key: newKey(), symbol: 'BTC/USDT', type: 'long', multiple: 10, ...data } });

/** Waits until every recorded trader action is mirrored (the server's own loop mirrors too; claims keep it once). */
export async function mirrored(c: ContractsServer): Promise<void> {
  const { mirror } = copytrade(c);
  await mirror.drain();
  await mirror.idle();
}
