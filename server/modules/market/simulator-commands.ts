import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { BOTS } from '../../services/simulator/bot-accounts.ts';
import { SIM_STATUS, type SimStatusReport } from '../../services/simulator/sim-status.ts';
import { table, type OpsContext } from '../../src/ops/ops-context.ts';

/**
 * What the market simulator last reported (the server saves its counters every 30 s) and its bots
 * as the database has them: open orders, trades in the last hour, USDT held. Read-only.
 */
export async function simulatorStatus(ctx: OpsContext): Promise<string> {
  const row = await ctx.db.selectFrom('market_data_state').select(['value', 'updated_at']).where('name', '=', SIM_STATUS).executeTakeFirst();
  const lines: string[] = [];
  if (!row) lines.push('the simulator has not run on this database (SIMULATOR=off, or never started)');
  else {
    const s = JSON.parse(row.value) as SimStatusReport;
    lines.push(
      `simulator ${s.running ? 'running' : 'stopped'} (last report ${row.updated_at}), seed ${s.seed}, ${s.pairs} pairs, started ${s.startedAt}`,
      `since start: ${s.placed} maker orders placed, ${s.cancels} cancelled, ${s.taken} taker orders, ${s.trades} trades, ${s.fundings} top-ups from the house`,
      `refused: ${Object.keys(s.refusals).length === 0 ? 'none' : Object.entries(s.refusals).map(([code, n]) => `${code} x${n}`).join(', ')}`,
    );
  }
  const users = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', 'in', Object.values(BOTS).map((b) => b.email)).execute();
  if (users.length === 0) return lines.join('\n');
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const usdt = await ctx.db.selectFrom('currencies').select(['id', 'decimals']).where('symbol', '=', 'USDT').executeTakeFirst();
  const rows: (string | number)[][] = [['bot', 'uid', 'open orders', 'trades (1 h)', 'USDT available', 'USDT frozen']];
  for (const u of users) {
    const open = await ctx.db.selectFrom('spot_orders').select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', u.id).where('state', 'in', ['open', 'partial']).executeTakeFirst();
    const trades = await ctx.db.selectFrom('spot_trades').select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where((eb) => eb.or([eb('taker_user_id', '=', u.id), eb('maker_user_id', '=', u.id)])).where('created_at', '>=', hourAgo).executeTakeFirst();
    const cash = usdt ? await ctx.services.ledgerReader.balance(u.id, COIN_ACCOUNT, usdt.id) : { available: 0n, frozen: 0n };
    rows.push([u.email ?? String(u.id), u.id, Number(open?.n ?? 0), Number(trades?.n ?? 0),
      minorToDecimal(cash.available, usdt?.decimals ?? 0), minorToDecimal(cash.frozen, usdt?.decimals ?? 0)]);
  }
  return [...lines, '', table(rows)].join('\n');
}
