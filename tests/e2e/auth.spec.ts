import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, loginViaApi, readCode, useToken } from './fixtures.ts';

// A 1x1 PNG: a real image the server accepts by its bytes, not by its name.
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('register, log in, edit the profile, log out', async ({ page, request }) => {
  const errors = collectConsoleErrors(page);
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'secret-pass-1';

  await page.goto('/#/pages/common/register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  const code = await readCode(request, email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Registration successful, please log in')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/common\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('[data-screen="/"]')).toBeVisible();

  await page.goto('/#/pages/setting/userInfo');
  await page.getByLabel('Nickname').fill('Trader 7');
  await page.getByLabel('Signature').fill('Patient and calm');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Avatar' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nickname')).toHaveValue('Trader 7');
  await expect(page.getByLabel('Signature')).toHaveValue('Patient and calm');

  await page.goto('/#/pages/setting/setting');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old token no longer opens the profile.
  await page.goto('/#/pages/setting/userInfo');
  await expect(page.getByText('Please login first')).toBeVisible();
  expect(errors()).toEqual([]);
});

test('a logout the network loses still ends the session on the server: later in the page, or at the next start', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const live = async (token: string) => ((await (await request.get('/api/user/info', { headers: { Authorization: token } })).json()) as { type: unknown }).type === 'ok';
  const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
  const kept = (on: Page) => on.evaluate(() => localStorage.getItem('revoke'));
  const logOutWhileLost = async (token: string) => {
    await page.route('**/api/user/logout', (route) => route.abort('internetdisconnected'));
    await page.goto('/#/pages/setting/setting');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/$/);
    // The device keeps the hash, which ends the session but cannot sign in; never the token.
    await expect.poll(() => kept(page), { timeout: 15_000 }).toBe(JSON.stringify([sha256(token)]));
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);
    expect(await live(token)).toBe(true);
  };

  // Later in the page: the network comes back, the next try reaches the server.
  const first = await loginViaApi(request);
  await useToken(page, first);
  await logOutWhileLost(first);
  await page.unroute('**/api/user/logout');
  await expect.poll(() => live(first), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => kept(page)).toBeNull();

  // At the next start: the page closed before any try got through. Meanwhile someone signed in
  // again on this device: that session stays.
  const second = await loginViaApi(request);
  await page.evaluate((token) => localStorage.setItem('token', token), second);
  await page.reload();
  await logOutWhileLost(second);
  const third = await loginViaApi(request);
  await page.evaluate((token) => localStorage.setItem('token', token), third);
  await page.close();
  const next = await context.newPage();
  await next.goto('/#/');
  await expect.poll(() => live(second), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => kept(next)).toBeNull();
  expect(await live(third)).toBe(true);
  await expect(next.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  expect(errors().filter((line) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(line))).toEqual([]);
});

test('a protected page sends a logged-out visitor to login, then back to it', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/#/pages/setting/security');
  await expect(page.getByText('Please login first')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/common\/login\?redirect=%2Fpages%2Fsetting%2Fsecurity$/, { timeout: 5000 });
  await page.getByLabel('Email').fill('demo@brisk.dev');
  await page.getByLabel('Password').fill('brisk-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/pages\/setting\/security$/);
  await expect(page.locator('header[data-navbar] h1')).toHaveText('Security');
  expect(errors()).toEqual([]);
});

test('switching the language changes the interface and the server error texts', async ({ page, request }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/#/pages/setting/setting');
  await expect(page.locator('header[data-navbar] h1')).toHaveText('Settings');
  await page.getByLabel('日本語').check();
  await expect(page.locator('header[data-navbar] h1')).not.toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const japaneseTitle = await page.locator('header[data-navbar] h1').textContent();

  // The choice survives a reload (stored under `lang`).
  await page.reload();
  await expect(page.locator('header[data-navbar] h1')).toHaveText(japaneseTitle ?? '');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('jp');

  // The server answers a failed login in Japanese, and the app shows that text.
  // An unknown account, so the demo user's failed-login counter is left alone.
  const stranger = `nobody-${Date.now()}@example.com`;
  const answer = async (lang: string) =>
    (await (await request.post('/api/user/login', { form: { user_string: stranger, password: 'wrong-password', lang } })).json()) as {
      message: string;
    };
  const [ja, en] = [await answer('jp'), await answer('en')];
  expect(ja.message).not.toBe(en.message);
  await page.goto('/#/pages/common/login');
  await page.locator('input[name=email]').fill(stranger);
  await page.locator('input[name=password]').fill('wrong-password');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText(ja.message)).toBeVisible();
  expect(errors()).toEqual([]);
});
