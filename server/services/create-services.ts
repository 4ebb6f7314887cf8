import { join } from 'node:path';
import { AuthService } from './auth-service.ts';
import type { CodeSender } from './code-sender.ts';
import { CodeService } from './code-service.ts';
import { ContentService } from './content-service.ts';
import { CurrencyService } from './currency-service.ts';
import { DevOutboxSender } from './dev-outbox.ts';
import { ProfileService } from './profile-service.ts';
import { loadServerKey } from './server-key.ts';
import type { ServiceContext } from './service-context.ts';
import { SessionService } from './session-service.ts';
import { ThrottleService } from './throttle-service.ts';
import { UploadService } from './upload-service.ts';
import { UserService } from './user-service.ts';

export interface Services {
  auth: AuthService;
  codes: CodeService;
  content: ContentService;
  currencies: CurrencyService;
  profile: ProfileService;
  sessions: SessionService;
  uploads: UploadService;
  users: UserService;
  /** Present only while codes go to the dev outbox (no real sender configured). */
  devOutbox: DevOutboxSender | null;
}

/** Wires the services together; the only place that knows who needs whom. */
export async function createServices(ctx: ServiceContext, dataDir: string, sender?: CodeSender): Promise<Services> {
  // Without a real sender, codes go to the dev outbox (and GET /api/dev/outbox exists).
  const devOutbox = sender ? null : new DevOutboxSender(ctx);
  const activeSender: CodeSender = devOutbox ?? (sender as CodeSender);
  const throttle = new ThrottleService(ctx);
  const users = new UserService(ctx);
  const sessions = new SessionService(ctx);
  const content = new ContentService(ctx);
  const uploads = new UploadService(ctx, join(dataDir, 'uploads'));
  const codes = new CodeService(ctx, await loadServerKey(ctx.db, 'code_hmac'), throttle, activeSender, users);
  return {
    auth: new AuthService(users, sessions, codes, throttle, content),
    codes,
    content,
    currencies: new CurrencyService(ctx),
    profile: new ProfileService(users, uploads, codes),
    sessions,
    uploads,
    users,
    devOutbox,
  };
}
