import type { DevOutboxMessage } from '../../../contract/api/account.ts';
import type { TestServer } from './test-server.ts';

/** The code of the newest dev-outbox message to an address (email, or +<area><number>). */
export async function latestCode(t: TestServer, to: string): Promise<string> {
  const messages = await t.ok<DevOutboxMessage[]>('/api/dev/outbox', { method: 'GET', data: { to } });
  const code = messages[0]?.code;
  if (!code) throw new Error(`no message to ${to}`);
  return code;
}

/** Registers an email account through the real code flow and answers its uid. */
export async function registerByEmail(t: TestServer, email: string, password: string): Promise<number> {
  await t.ok('/api/sms_mail', { data: { user_string: email, scene: 'register' } });
  const code = await latestCode(t, email);
  const { uid } = await t.ok<{ uid: number }>('/api/user/register', {
    data: { type: 'email', user_string: email, code, password, re_password: password },
  });
  return uid;
}

export const login = (t: TestServer, user_string: string, password: string, extra: Record<string, string> = {}) =>
  t.ok<string>('/api/user/login', { data: { user_string, password, ...extra } });

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** POST /api/upload as the app does; `lang.field` is appended after the file, `lang.header` is Accept-Language. */
export async function upload(t: TestServer, token: string | undefined, bytes: Buffer, name: string, type: string, lang: { field?: string; header?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  if (lang.field) form.append('lang', lang.field);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (lang.header) headers['accept-language'] = lang.header;
  const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers });
  return { status: response.status, body: (await response.json()) as { type: unknown; message: string; code?: string; field?: string } };
}
