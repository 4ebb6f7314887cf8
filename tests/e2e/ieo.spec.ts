import { api, ops, registerUser } from './api-helpers.ts';
import { collectConsoleErrors, expect, test, useToken } from './fixtures.ts';

/**
 * An IEO end to end: the operator creates a sale with the ops CLI (100 tokens at 0.5 USDT, ending 10
 * minutes later by the server's clock), a whale subscribes 150 tokens over the API, a new user
 * subscribes 50 on the screen (the preview shows 25 USDT to freeze and 25 tokens if the sale ended
 * now), the server's clock passes the end (POST /api/dev/clock), and the user's subscriptions show
 * the allocation: 200 subscribed for 100, pro rata 25 tokens, 12.5 USDT paid and 12.5 refunded.
 *
 * Selectors are the screen's structure and data attributes, not its words, so the spec reads the
 * same in every language.
 */
const PASSWORD = 'ieo-pass-1';
const SALE_MINUTES = 10;

test('subscribe to a sale, pass its end, see the allocation and the refund', async ({ page, request }) => {
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const symbol = `E${String(stamp).slice(-6)}`;
  const now = Date.parse((await api<{ now: string }>(request, '', 'GET', '/dev/clock')).now);
  const created = await ops('ieo-create', symbol, 'E2E', 'Sale', '--decimals=2', '--supply=100', '--min=1', '--max=1000', '--cap=80', '--prices=USDT:0.5',
    `--start=${new Date(now - 60_000).toISOString()}`, `--end=${new Date(now + SALE_MINUTES * 60_000).toISOString()}`);
  const id = Number(/created project (\d+)/.exec(created)?.[1]);
  expect(id).toBeGreaterThan(0);

  const fundedUser = async (tag: string) => {
    const email = `ieo-${tag}-${stamp}@example.com`;
    const token = await registerUser(request, email, PASSWORD);
    await ops('deposit', email, 'USDT', '100', '--confirmed');
    const usdt = (await api<{ id: number; name: string }[]>(request, token, 'GET', '/currency/list')).find((c) => c.name === 'USDT');
    await api(request, token, 'POST', '/wallet/change', { currency_id: String(usdt?.id), number: '100', from_field: 'change', to_field: 'financial', idempotency_key: crypto.randomUUID() });
    return token;
  };
  const whale = await fundedUser('whale');
  await api(request, whale, 'POST', '/project/order', { project_id: String(id), amount: '150', pay_currency: 'USDT', price: '0.5', idempotency_key: crypto.randomUUID() });
  const token = await fundedUser('user');
  await useToken(page, token);

  await test.step('subscribe 50 tokens on the sale\'s screen, with the preview and the confirmation', async () => {
    await page.goto(`/#/pages/ieo/subscribe?id=${id}`);
    await expect(page.getByTestId('phase')).toHaveAttribute('class', /badge--ok/);
    await expect(page.getByTestId('countdown-end')).toBeVisible();
    await expect(page.getByTestId('financial-available')).toHaveText('100.00 USDT');
    await page.locator('.ieo-form input[name="amount"]').fill('50');
    await expect(page.getByTestId('preview-cost')).toHaveText('25.00 USDT');
    await expect(page.getByTestId('preview-best')).toHaveText(`50.00 ${symbol}`);
    // 150 + 50 subscribed for 100: a quarter of the supply for a quarter of the subscriptions.
    await expect(page.getByTestId('preview-now')).toHaveText(`25.00 ${symbol}`);
    await page.locator('.ieo-form button[type="submit"]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('[data-field="now-refund"]')).toHaveText('12.50 USDT');
    await dialog.locator('.btn--primary').click();
    await expect(page.locator('.ieo-mine [data-field="committed"]')).toHaveText('25.00 USDT');
    await expect(page.getByTestId('financial-available')).toHaveText('75.00 USDT');
  });

  await test.step('the server\'s clock passes the end: allocated pro rata, the rest refunded', async () => {
    await api(request, '', 'POST', '/dev/clock', { advance_ms: String(SALE_MINUTES * 60_000 + 5_000) });
    await expect.poll(async () => (await api<{ phase: string }>(request, token, 'GET', '/project/detail', { id: String(id) })).phase, { timeout: 15_000 }).toBe('distributed');
    await page.goto('/#/pages/ieo/order');
    const row = page.locator(`.ieo-sub[data-state="settled"]`).filter({ hasText: symbol });
    await expect(row.locator('[data-field="allocated"]')).toHaveText(`25.00 ${symbol}`);
    await expect(row.locator('[data-field="paid"]')).toHaveText('12.50 USDT');
    await expect(row.locator('[data-field="refunded"]')).toHaveText('12.50 USDT');
    await expect(row.locator('[data-field="tokens"]')).toHaveText(`25.00 ${symbol}`);
    const cash = await api<{ available: string; frozen: string }>(request, token, 'GET', '/wallet/detail', { currency_id: String((await api<{ id: number; name: string }[]>(request, token, 'GET', '/currency/list')).find((c) => c.name === 'USDT')?.id), account: 'financial' });
    expect(cash).toMatchObject({ available: '87.5', frozen: '0' });
  });

  expect(errors()).toEqual([]);
});
