/** A verification message on its way to a person. */
export interface CodeMessage {
  channel: 'email' | 'sms';
  /** An email address, or "+<area code><number>". */
  to: string;
  subject: string;
  body: string;
  code: string;
}

/**
 * Delivers codes. The dev outbox and the log exist now; a mail or SMS provider implements this and
 * is passed to startServer, and then GET /api/dev/outbox is not registered.
 */
export interface CodeSender {
  /** True for the dev outbox, which makes codes readable over HTTP: never in production. */
  readonly isDevOutbox: boolean;
  send(message: CodeMessage): Promise<void>;
}
