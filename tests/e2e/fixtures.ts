import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DevOutboxMessage } from '../../contract/api/account.ts';

export { expect, test };

/** The server under test; scripts/e2e.mjs starts it and sets this (also Playwright's baseURL). */
export const SERVER_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

/** The demo account every fresh database is seeded with. */
export const DEMO_USER = { email: 'demo@brisk.dev', password: 'brisk-demo' } as const;

interface Answer<T> {
  type: string | number;
  code?: string | number;
  message: T;
}

const isOk = (answer: Answer<unknown>) => answer.type === 'ok' || answer.code === 1;

/**
 * The latest verification code sent to `to` (an email, or '+' area code and number), read from the
 * dev outbox; polls until one arrives. `since` (epoch ms) ignores codes sent before it, so a test
 * that asks twice gets the new one.
 */
export async function readCode(
  request: APIRequestContext,
  to: string,
  { since, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    if (response.status() === 404) throw new Error('GET /api/dev/outbox answers 404: the server has a real code sender, or no dev outbox');
    const answer = (await response.json()) as Answer<DevOutboxMessage[]>;
    if (!isOk(answer)) throw new Error(`dev outbox: ${JSON.stringify(answer)}`);
    const latest = answer.message.find((message) => since === undefined || Date.parse(message.created_at) >= since);
    if (latest) return latest.code;
    if (Date.now() > deadline) throw new Error(`no code for ${to} in the dev outbox within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Records console errors and uncaught page errors from now on; call the returned function to read
 * them (`expect(errors()).toEqual([])`). Each entry names the app route it happened on.
 */
export function collectConsoleErrors(page: Page): () => string[] {
  const errors: string[] = [];
  const where = () => {
    const url = page.url();
    const hash = url.indexOf('#');
    return hash === -1 ? url : url.slice(hash);
  };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    errors.push(`[${where()}] console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`[${where()}] pageerror: ${error.stack ?? error.message}`));
  return () => [...errors];
}

/** Logs in through the API (POST /api/user/login) and returns the session token. */
export async function loginViaApi(request: APIRequestContext, email: string = DEMO_USER.email, password: string = DEMO_USER.password): Promise<string> {
  const response = await request.post('/api/user/login', { form: { user_string: email, password, lang: 'en' } });
  expect(response.status(), 'POST /api/user/login').toBe(200);
  const answer = (await response.json()) as Answer<unknown>;
  if (!isOk(answer) || typeof answer.message !== 'string' || answer.message === '') {
    throw new Error(`login as ${email} failed: ${JSON.stringify(answer)}`);
  }
  return answer.message;
}

/**
 * Puts `token` in localStorage ('token', where the app keeps its session) before the app's first
 * load in this page. Only once per tab, so a test can still log out and reload.
 */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    try {
      if (location.protocol !== 'http:' && location.protocol !== 'https:') return;
      if (sessionStorage.getItem('e2e:token-set')) return;
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e:token-set', '1');
    } catch {
      // Storage blocked: the test will see a logged-out app and say so.
    }
  }, token);
}

/**
 * Opens the home tab and acknowledges its notice (/news/index_pop, once per device), which covers the
 * page until then; it is drawn a moment after its answer when there is one, and absent otherwise.
 */
export async function openHome(page: Page): Promise<void> {
  const noticeRead = page.waitForResponse((r) => r.url().includes('/api/news/index_pop'));
  await page.goto('/#/');
  await noticeRead;
  const notice = page.getByRole('button', { name: 'I understand' });
  if (await notice.waitFor({ timeout: 1_500 }).then(() => true, () => false)) await notice.click();
}
