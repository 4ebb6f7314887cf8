import type { Selectable } from 'kysely';
import type { OpsAuditTable } from '../db/money-schema.ts';
import { iso, type ServiceContext } from './service-context.ts';

export type AuditRow = Selectable<OpsAuditTable>;

export interface AuditEntry {
  operator: string;
  command: string;
  args: readonly string[];
  result: 'ok' | 'error';
  detail: string;
}

/** Who did what to whose money, and when: one row per operator command, kept forever. */
export class OpsAuditService {
  constructor(private readonly ctx: ServiceContext) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.ctx.db.insertInto('ops_audit').values({
      operator: entry.operator,
      command: entry.command,
      args: JSON.stringify(entry.args),
      result: entry.result,
      detail: entry.detail.slice(0, 2000),
      created_at: iso(this.ctx.clock.now()),
    }).execute();
  }

  recent(limit: number): Promise<AuditRow[]> {
    return this.ctx.db.selectFrom('ops_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
