import type { DevOutboxMessage } from '../../contract/api/account.ts';
import type { CodeMessage, CodeSender } from './code-sender.ts';
import { iso, type ServiceContext } from './service-context.ts';

const OUTBOX_LIST_MAX = 20;

/** The sender used when no real one is configured: writes to outbox_messages and to the log. */
export class DevOutboxSender implements CodeSender {
  readonly isDevOutbox = true;
  constructor(private readonly ctx: ServiceContext) {}

  async send(message: CodeMessage): Promise<void> {
    await this.ctx.db
      .insertInto('outbox_messages')
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        code: message.code,
        created_at: iso(this.ctx.clock.now()),
      })
      .execute();
    this.ctx.log.info({ to: message.to, channel: message.channel, code: message.code }, 'dev outbox: verification code');
  }

  /** The latest messages to one address, newest first. */
  async latest(to: string): Promise<DevOutboxMessage[]> {
    const rows = await this.ctx.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'body', 'code', 'created_at'])
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .limit(OUTBOX_LIST_MAX)
      .execute();
    return rows.map((row) => ({ to: row.recipient, subject: row.subject, body: row.body, code: row.code, created_at: row.created_at }));
  }
}
