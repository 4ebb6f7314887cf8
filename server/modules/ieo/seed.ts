import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ieoDb } from './ieo-db.ts';
import { insertProject, type ProjectInput } from './project-admin.ts';

const DAY_MS = 86_400_000;

/** First-start sales, relative to the first start: one selling, one in warm-up, one finished. */
function seedProjects(now: Date): { input: ProjectInput; state: 'open' | 'distributed' }[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return [
    {
      state: 'open',
      input: {
        symbol: 'NOVA', name: 'Nova Protocol', decimals: 4, supply: '1000000', min: '100', max: '50000', cap: '20000',
        prices: [{ currency: 'USDT', price: '0.05' }, { currency: 'BTC', price: '0.0000012' }], startAt: at(-1), endAt: at(6),
      },
    },
    {
      state: 'open',
      input: {
        symbol: 'ORBT', name: 'Orbit Chain', decimals: 2, supply: '5000000', min: '1000', max: '200000',
        prices: [{ currency: 'USDT', price: '0.012' }], startAt: at(3), endAt: at(10),
      },
    },
    {
      state: 'distributed',
      input: {
        symbol: 'LUMA', name: 'Luma Finance', decimals: 4, supply: '200000', min: '50', max: '10000',
        prices: [{ currency: 'USDT', price: '0.25' }], startAt: at(-20), endAt: at(-13),
      },
    },
  ];
}

/**
 * The seed's sales (ServerModule.seed, in the seed's transaction): each only if neither the project
 * nor a currency of its symbol exists, so a second run, or a database where an operator made that
 * coin, changes nothing. Their allocations are scheduled when the module opens (IeoAllocator.start).
 */
export async function seedIeo(trx: Kysely<Database>, now: Date): Promise<void> {
  const db = ieoDb(trx);
  for (const { input, state } of seedProjects(now)) {
    if (await db.selectFrom('ieo_projects').select('id').where('symbol', '=', input.symbol).executeTakeFirst()) continue;
    if (await db.selectFrom('currencies').select('id').where('symbol', '=', input.symbol).executeTakeFirst()) continue;
    const made = await insertProject(trx, input, now, state);
    if (!made.ok) throw new Error(`IEO seed ${input.symbol}: ${made.reason}`);
  }
}
