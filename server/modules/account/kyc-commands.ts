import { describeUser, findUser, table, unwrap, type OpsContext } from '../../src/ops/ops-context.ts';
import type { CommandArgs } from '../../src/ops/ops-context.ts';

export async function kycPending(ctx: OpsContext): Promise<string> {
  const rows = await ctx.db.selectFrom('identity_verifications as v').innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.user_id', 'u.email', 'v.level', 'v.id_type', 'v.name', 'v.created_at'])
    .where('v.state', '=', 'pending').orderBy('v.id').execute();
  if (rows.length === 0) return 'no verification is waiting for review';
  return table([
    ['id', 'user', 'email', 'level', 'document', 'name', 'submitted'],
    ...rows.map((r) => [r.id, r.user_id, r.email ?? '', r.level, r.id_type || 'photos', r.name, r.created_at]),
  ]);
}

async function decide(ctx: OpsContext, who: string | undefined, approve: boolean, reason: string): Promise<string> {
  const user = await findUser(ctx, who);
  const decision = unwrap(await ctx.services.identity.decide(user.id, approve, ctx.operator, reason));
  return `level ${decision.level} verification #${decision.id} of user ${describeUser(user)}: ${decision.state}`;
}

export const kycApprove = (ctx: OpsContext, { positional: [who] }: CommandArgs) => decide(ctx, who, true, '');
export const kycReject = (ctx: OpsContext, { positional: [who, ...reason] }: CommandArgs) => decide(ctx, who, false, reason.join(' '));

export async function audit(ctx: OpsContext, { positional: [count] }: CommandArgs): Promise<string> {
  const limit = Math.min(200, Math.max(1, Number(count ?? 20) || 20));
  const rows = await ctx.services.audit.recent(limit);
  return table([['when', 'operator', 'command', 'args', 'result'], ...rows.map((r) => [r.created_at, r.operator, r.command, r.args, r.result])]);
}
