import type { APIRequestContext } from '@playwright/test';
import type { LockOrder, LockProduct } from '../../contract/api/lockming.ts';
import type { Page as ListPage } from '../../contract/envelope.ts';
import type { WalletDetail } from '../../contract/api/wallet.ts';
import { TAP_DEBOUNCE_MS } from '../../src/lib/debounce-tap.ts';
import { api, ops, registerUser } from './api-helpers.ts';
import { collectConsoleErrors, expect, test, useToken } from './fixtures.ts';

/**
 * Lock mining end to end as a new user with 1,000 USDT in the mining account, on the seeded USDT
 * product (0.3 % a day for 5 days, dividends at 00:00 UTC, penalty 0.4 % a remaining day): lock
 * 1,000 (3 a day), move the server's clock past the first dividend (POST /api/dev/clock), see it on
 * the orders page, then redeem early with 4 days left: the dialog shows 0.4 % x 4 x 1,000 = 16 and
 * 984 back, and the account ends at 1,000 - 1,000 + 3 + 984 = 987.
 * Selectors are structural (names of the product's own elements), so they hold in every language.
 */
const PASSWORD = 'lockming-pass-1';

/** A signed-in user ("stay signed in": the clock moves up to a day) with 1,000 USDT in the mining account. */
async function fundedUser(request: APIRequestContext): Promise<{ token: string; usdt: number }> {
  const email = `lockming-${Date.now()}@example.com`;
  await registerUser(request, email, PASSWORD);
  const login = await (await request.post('/api/user/login', { form: { user_string: email, password: PASSWORD, stay: '1', lang: 'en' } })).json() as { message: string };
  const token = login.message;
  await ops('deposit', email, 'USDT', '1000', '--confirmed');
  const usdt = (await api<{ id: number; name: string }[]>(request, token, 'GET', '/currency/list')).find((c) => c.name === 'USDT');
  if (!usdt) throw new Error('USDT is not listed');
  await api(request, token, 'POST', '/wallet/change', { currency_id: String(usdt.id), number: '1000', from_field: 'change', to_field: 'mining', idempotency_key: crypto.randomUUID() });
  return { token, usdt: usdt.id };
}

test('lock 1,000 USDT, a dividend a day later on the orders page, then an early redemption with the penalty shown and applied', async ({ page, request }) => {
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const { token, usdt } = await fundedUser(request);
  const product = (await api<LockProduct[]>(request, token, 'GET', '/lh/deposit/config', { type: 'lock' })).find((p) => p.currency === 'USDT');
  if (!product) throw new Error('no USDT lock product');
  const mining = () => api<WalletDetail>(request, token, 'POST', '/wallet/detail', { currency_id: String(usdt), account: 'mining' });
  await useToken(page, token);

  await test.step('lock from the product list, confirming the server’s preview', async () => {
    await page.goto('/#/pages/lockming/lockming?type=lock');
    await page.locator(`[data-product="${product.id}"] a.btn`).click();
    await expect(page.getByTestId('lock-available')).toHaveText('1,000.00 USDT');
    await page.locator('input[name="amount"]').fill('1000');
    await expect(page.getByTestId('lock-outlook').locator('[data-field="daily-dividend"]')).toHaveText('3.00 USDT');
    await expect(page.getByTestId('lock-outlook').locator('[data-field="total-at-maturity"]')).toHaveText('1,015.00 USDT');
    await page.waitForTimeout(TAP_DEBOUNCE_MS + 50);
    await page.locator('form.lock-form button[type="submit"]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('lock-confirm')).toContainText('1,000.00 USDT');
    await dialog.locator('.dialog__actions .btn--primary').click();
    await expect(page).toHaveURL(/#\/pages\/lockming\/order/);
    await expect(page.locator('[data-order][data-state="locked"] [data-field="days-paid"]')).toContainText('0');
    expect(await mining()).toMatchObject({ available: '0', frozen: '1000' });
  });

  await test.step('a day on the server’s clock: the first dividend shows on the order', async () => {
    const page1 = await api<ListPage<LockOrder>>(request, token, 'GET', '/lh/deposit/order', { status: 'in_progress' });
    const order = page1.data[0]!;
    const clock = await (await request.get('/api/dev/clock')).json() as { message: { now: string } };
    const advance = Date.parse(order.first_dividend_at) - Date.parse(clock.message.now) + 2000;
    expect(advance).toBeLessThanOrEqual(86_400_000 + 2000);
    const moved = await (await request.post('/api/dev/clock', { form: { advance_ms: String(advance) } })).json() as { type: string };
    expect(moved.type).toBe('ok');
    await expect.poll(async () => (await mining()).available, { timeout: 10_000 }).toBe('3');
    await page.reload();
    const row = page.locator(`[data-order="${order.id}"]`);
    await expect(row.locator('[data-field="dividends"]')).toHaveText('3.00 USDT');
    await expect(row.locator('[data-field="days-paid"]')).toContainText('1');
  });

  await test.step('redeem early: the penalty is shown first, then applied exactly', async () => {
    await page.locator('[data-order][data-state="locked"] .lock-order__foot button').click();
    const preview = page.getByTestId('redeem-preview');
    await expect(preview.locator('[data-field="remaining-days"]')).toHaveText('4');
    await expect(preview.locator('[data-field="penalty"]')).toHaveText('-16.00 USDT');
    await expect(preview.locator('[data-field="returned"]')).toHaveText('984.00 USDT');
    await page.getByRole('dialog').locator('.dialog__actions .btn--danger').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(async () => (await mining()).available).toBe('987');
    expect((await mining()).frozen).toBe('0');
    await page.goto('/#/pages/lockming/order?tab=redeemed');
    const row = page.locator('[data-order][data-state="redeemed"]');
    await expect(row.locator('[data-field="penalty"]')).toHaveText('-16.00 USDT');
    await expect(row.locator('[data-field="returned"]')).toHaveText('984.00 USDT');
  });
  expect(errors()).toEqual([]);
});
