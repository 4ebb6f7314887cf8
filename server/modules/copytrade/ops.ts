import { describeUser, findUser, OpsError, table, unwrap, UsageError, type CommandArgs, type OpsCommand, type OpsContext } from '../../src/ops/ops-context.ts';
import { copytradeOf } from './copytrade-services.ts';
import { ppmFraction } from './rules.ts';
import type { CopyTables } from './schema.ts';

/** Operators' copy trading commands (`npm run ops -- copytrade-...`), recorded in ops_audit by the CLI. */

async function traders(ctx: OpsContext, { positional: [state] }: CommandArgs): Promise<string> {
  let query = ctx.db.withTables<CopyTables>().selectFrom('copy_traders as t').innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 'u.email', 'u.nickname', 't.state', 't.profit_share_ppm', 't.max_followers', 't.bot', 't.applied_at', 't.introduction']);
  if (state) query = query.where('t.state', '=', state);
  const rows = await query.orderBy('t.applied_at').execute();
  if (rows.length === 0) return state ? `no ${state} traders` : 'no trader applications';
  return table([
    ['uid', 'email', 'nickname', 'state', 'share', 'max followers', 'bot', 'applied', 'introduction'],
    ...rows.map((r) => [r.user_id, r.email ?? '', r.nickname, r.state, ppmFraction(r.profit_share_ppm), r.max_followers, r.bot ? 'yes' : '', r.applied_at, r.introduction.slice(0, 40)]),
  ]);
}

function followersArg(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const match = /^followers=(\d{1,6})$/.exec(raw);
  if (!match) throw new UsageError('the quota is followers=<whole number>');
  return Number(match[1]);
}

const decide = (approve: boolean) => async (ctx: OpsContext, { positional: [who, quota] }: CommandArgs): Promise<string> => {
  const user = await findUser(ctx, who);
  const me = unwrap(await copytradeOf(ctx.modules).traders.decide(user.id, approve, followersArg(quota)));
  if (me.state === 'none') throw new OpsError(`user ${describeUser(user)} has not applied`);
  return `user ${describeUser(user)} is now ${me.state} (max followers ${me.max_followers})`;
};

async function figures(ctx: OpsContext): Promise<string> {
  const n = await copytradeOf(ctx.modules).traders.refreshFigures();
  return `figures refreshed for ${n} trader(s)`;
}

export const COPYTRADE_OPS: Readonly<Record<string, OpsCommand>> = {
  'copytrade-traders': { usage: 'copytrade-traders [pending|approved|rejected]', summary: 'trader applications and traders, oldest first', run: traders },
  'copytrade-approve': { usage: 'copytrade-approve <email|uid> [followers=<n>]', summary: 'approve a trader application (or change an approved trader\'s follower quota)', run: decide(true) },
  'copytrade-reject': { usage: 'copytrade-reject <email|uid>', summary: 'reject a trader application, or stop a trader being listed and mirrored', run: decide(false) },
  'copytrade-figures': { usage: 'copytrade-figures', summary: 'recompute every trader\'s 7/30/90-day figures now (they refresh hourly)', run: figures },
};
