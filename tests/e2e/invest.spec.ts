import type { EarnOrder } from '../../contract/api/invest.ts';
import type { Page as ListPage } from '../../contract/envelope.ts';
import { TAP_DEBOUNCE_MS } from '../../src/lib/debounce-tap.ts';
import { api, ops, registerUser, twoTraders } from './api-helpers.ts';
import { collectConsoleErrors, expect, test, useToken } from './fixtures.ts';

/**
 * Invest end to end against the real server (SIMULATOR=off, TEST_CLOCK=on): a new user with BTC in
 * the finance account buys 5 shares of "BTC linked 7 days" (0.001 BTC each, linked 62,000, 12 % a
 * year) from the finance tab, seeing both outcomes first; the server's clock is moved to just before
 * the fixing, two traders print a price, the clock passes the fixing, and the settlement shows in
 * the coin the rule picks (below 62,000: BTC, else USDT) in my investments and in the bills.
 */
const PASSWORD = 'invest-pass-1';

test('buy invest shares, pass maturity, see the settlement in the right coin', async ({ page, request }) => {
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const email = `invest-${Date.now()}@example.com`;
  await registerUser(request, email, PASSWORD);
  // "Stay logged in" (30 days): the clock moves a week.
  const token = ((await (await request.post('/api/user/login', { form: { user_string: email, password: PASSWORD, stay: '1', lang: 'en' } })).json()) as { message: string }).message;
  await ops('deposit', email, 'BTC', '0.01', '--confirmed');
  const btc = (await api<{ id: number; name: string }[]>(request, token, 'GET', '/currency/list')).find((c) => c.name === 'BTC');
  await api(request, token, 'POST', '/wallet/change', { currency_id: String(btc?.id), number: '0.01', from_field: 'change', to_field: 'financial', idempotency_key: crypto.randomUUID() });

  await useToken(page, token);
  await page.goto('/#/pages/financial/index');
  await page.getByRole('link', { name: /BTC linked 7 days/ }).click();
  await expect(page.getByTestId('finance-available')).toHaveText('0.01 BTC');
  // By name: the new labels are in the catalogs only once the coordinator merges them.
  await page.locator('input[name="num"]').fill('5');
  // The server's preview: 0.005 BTC x (1 + 7 x 0.12 / 365) or x 62,000 in USDT.
  await expect(page.getByTestId('outcome-BTC')).toContainText('0.0050115 BTC');
  await expect(page.getByTestId('outcome-USDT')).toContainText('310.713424 USDT');
  await page.waitForTimeout(TAP_DEBOUNCE_MS + 50);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('dialog').getByTestId('earn-confirm').click();
  await expect(page).toHaveURL(/pages\/invest\/mine/);
  const [order] = (await api<ListPage<EarnOrder>>(request, token, 'GET', '/invest/orders')).data as [EarnOrder];
  await expect(page.getByTestId(`earn-order-${order.id}`)).toHaveAttribute('data-state', 'purchased');

  // The server's clock to 10 minutes before the fixing; a trade there sets the window's price.
  const now = Date.parse((await api<{ now: string }>(request, '', 'GET', '/dev/clock')).now);
  await api(request, '', 'POST', '/dev/clock', { advance_ms: String(Date.parse(order.fixing.at) - 10 * 60_000 - now) });
  const traders = await twoTraders(request, { symbol: 'BTC/USDT', baseAmount: '0.01', usdtAmount: '1000', tag: `invest-${Date.now()}`, password: PASSWORD });
  await traders.order(traders.seller, 'sell', '0.001', '61000');
  await traders.order(traders.buyer, 'buy', '0.001', '61000');
  // Candles are written every second; then past the fixing and its grace.
  await page.waitForTimeout(2_000);
  await api(request, '', 'POST', '/dev/clock', { advance_ms: String(10 * 60_000 + 20_000) });
  await expect.poll(async () => (await api<EarnOrder>(request, token, 'GET', '/invest/order', { id: String(order.id) })).state, { timeout: 20_000 }).toBe('completed');
  const settled = await api<EarnOrder>(request, token, 'GET', '/invest/order', { id: String(order.id) });
  const coin = Number(settled.settle_price) < 62_000 ? 'BTC' : 'USDT';
  const paid = coin === 'BTC' ? '0.0050115' : '310.713424';
  expect(settled.payout).toEqual({ currency: coin, amount: paid });

  await page.goto('/#/pages/invest/mine?tab=history');
  await expect(page.getByTestId(`earn-order-${order.id}`).getByTestId('earn-paid')).toHaveText(`${paid} ${coin}`);
  await page.goto('/#/pages/fund/assets_all_record');
  await expect(page.getByText(paid).first()).toBeVisible();
  await page.goto('/#/pages/fund/assets');
  await page.getByRole('tab', { name: 'Finance account' }).click();
  // The finance account's balance in the payout coin: 0.01 - 0.005 + 0.0050115 BTC, or the USDT alone.
  await expect(page.getByText(coin === 'BTC' ? '0.0100115' : paid).first()).toBeVisible();
  expect(errors()).toEqual([]);
});
