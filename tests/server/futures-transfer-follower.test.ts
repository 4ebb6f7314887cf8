import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesSubmitResult } from '../../contract/api/contracts.ts';
import { startServer, type RunningServer } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey } from './helpers/money.ts';

/**
 * PostgreSQL only: a transfer out of a lever account through a follower process. A follower computes
 * no marks, so it cannot value the positions; the transfer goes to the engine's process, which
 * limits it to available less the unrealised loss exactly as when asked directly.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
let c: ContractsServer;
let follower: RunningServer | undefined;
beforeAll(async () => {
  if (!databaseUrl) return;
  c = await startContractsServer();
  follower = await startServer(
    {
      ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir: c.t.dataDir, databaseUrl, databaseSchema: c.t.dbEnv.DATABASE_SCHEMA,
      redisUrl: undefined, logLevel: 'silent', staticDir: join(c.t.dataDir, 'no-dist'), ratesUrl: undefined, simulator: false,
    },
    { clock: c.t.clock },
  );
}, 60_000);
afterAll(async () => {
  await follower?.close();
  await c?.t.close();
});

describe.runIf(databaseUrl)('moving money out of a losing lever account through a follower', () => {
  it('is limited as on the engine process', async () => {
    expect(follower?.engineRole).toBe('follower');
    const usdt = await currencyId(c.t, 'USDT');
    c.setMark('BTC/USDT', '60000');
    const user = await makeUser(c.t, 'follower-transfer@example.com');
    await fundAccount(c.t, user, '1000');
    await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 100, lots: 10, idempotency_key: newKey() } });
    c.setMark('BTC/USDT', '55000');
    await c.tick();
    const send = async (number: string) => {
      const form = new URLSearchParams({ currency_id: String(usdt), number, from_field: 'lever', to_field: 'change', lang: 'en', idempotency_key: newKey() });
      const response = await fetch(`${follower!.url}/api/wallet/change`, { method: 'POST', headers: { authorization: user.token, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
      return (await response.json()) as { type: string; code?: string };
    };
    expect(await send('993.7')).toMatchObject({ code: 'WALLET.POSITIONS_AT_LOSS' });
    expect(await send('943.7')).toMatchObject({ type: 'ok' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '50', frozen: '6' });
  }, 60_000);
});
