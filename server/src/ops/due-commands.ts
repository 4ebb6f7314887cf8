import { table, type OpsContext } from './ops-context.ts';

/** `ops due`: the due-work schedule per kind, so an operator sees a stopped runner or a failing kind. */
export async function dueStatus(ctx: OpsContext): Promise<string> {
  const kinds = await ctx.services.dueWork.status();
  if (kinds.length === 0) return 'due work: nothing scheduled';
  return table([
    ['kind', 'done', 'pending', 'due now', 'failing', 'a failure'],
    ...kinds.map((k) => [k.kind, k.done, k.pending, k.due, k.failing, k.lastError ?? '']),
  ]);
}
