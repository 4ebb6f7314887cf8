import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { normaliseEmail } from '../../domain/account-target.ts';
import type { Services } from '../../services/create-services.ts';
import { errorText } from '../../http/error-texts.ts';
import type { Failure, Outcome } from '../../domain/outcome.ts';

/** What a command gets: the services on the shared database, and who is running it. */
export interface OpsContext {
  services: Services;
  /** The product modules' own services, by module name (server/modules/module-set.ts). */
  modules: { own(name: string): unknown };
  db: Kysely<Database>;
  operator: string;
}

/** A failure the operator caused or can fix: printed without a stack, exit status 1. */
export class OpsError extends Error {}
/** Wrong arguments: printed with the command's usage, exit status 2. */
export class UsageError extends Error {}

export function failureText(failure: Failure): string {
  return `${errorText(failure.code, 'en')} (${failure.code})`;
}

export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new OpsError(failureText(outcome));
  return outcome.value;
}

export interface UserRef {
  id: number;
  email: string | null;
}

/** A user named by uid ("100002") or email. */
export async function findUser(ctx: OpsContext, who: string | undefined): Promise<UserRef> {
  if (!who) throw new UsageError('name the user by uid or email');
  const query = ctx.db.selectFrom('users').select(['id', 'email']);
  let row: UserRef | undefined;
  if (/^\d{1,9}$/.test(who)) row = await query.where('id', '=', Number(who)).executeTakeFirst();
  else {
    const email = normaliseEmail(who);
    if (!email) throw new UsageError(`"${who}" is neither a uid nor an email`);
    row = await query.where('email', '=', email).executeTakeFirst();
  }
  if (!row) throw new OpsError(`no user ${who}`);
  return row;
}

export const describeUser = (user: UserRef): string => (user.email ? `${user.id} (${user.email})` : String(user.id));

export function idArg(raw: string | undefined, what: string): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw new UsageError(`give the ${what} id as a number`);
  return Number(raw);
}

/** Plain aligned columns; the first row is the header. */
export function table(rows: readonly (readonly (string | number)[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, String(cell).length)));
  return rows.map((row) => row.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}

/** One operator command: `npm run ops -- <name> [args]`. A module lists its own. */
/** A command's words after its name, and its --flags. */
export type CommandArgs = { positional: string[]; flags: Set<string> };

export interface OpsCommand {
  usage: string;
  summary: string;
  run(ctx: OpsContext, args: CommandArgs): Promise<string>;
}
