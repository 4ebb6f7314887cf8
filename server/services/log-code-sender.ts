import type { CodeMessage, CodeSender } from './code-sender.ts';
import type { ServiceContext } from './service-context.ts';

/**
 * The sender when no provider is configured and the dev outbox is off (a server others can reach):
 * codes reach the operator's log and nobody else, so sign-up and password resets can still be
 * helped by hand while a mail or SMS provider is not yet set up.
 */
export class LogCodeSender implements CodeSender {
  readonly isDevOutbox = false;
  constructor(private readonly ctx: ServiceContext) {}

  async send(message: CodeMessage): Promise<void> {
    this.ctx.log.warn({ to: message.to, channel: message.channel, code: message.code }, 'no code sender configured: verification code written to the log only');
  }
}
