import type { APIRequestContext, Page } from '@playwright/test';
import { TAP_DEBOUNCE_MS } from '../../src/lib/debounce-tap.ts';
import { api, ops, registerUser as register } from './api-helpers.ts';
import { collectConsoleErrors, expect, openHome, test, useToken } from './fixtures.ts';

/**
 * Contracts end to end, as a new user against the real server (SIMULATOR=off): futures with a
 * take-profit that the mark price reaches, a manual close and a batch close, and a 30 s seconds
 * option that settles. The mark is moved with the operator's `npm run ops -- mark <symbol> <price>`
 * (server/src/ops/cli.ts), which a running server applies within a second.
 *
 * Figures (BTC/USDT, lot size 0.001 BTC seeded from the 60,000 mark, fee 0.05 %, the 10x multiple):
 *   2 lots long at 60,000: notional 60,000 x 0.002 = 120, margin 120 / 10 = 12, open fee 120 x 0.0005 = 0.06;
 *   mark 60,500: PnL (60,500 - 60,000) x 0.002 = +1.00; mark 61,000 reaches TP 61,000: PnL +2.00,
 *   close fee 61,000 x 0.002 x 0.0005 = 0.061; the lever account ends at 500 + 2 - 0.06 - 0.061 = 501.879.
 *   A 10 USDT option on the 30 s period (profit rate 10 %) pays 10 x 0.10 = 1.00 on a win.
 */

const PASSWORD = 'contracts-pass-1';
const SYMBOL = 'BTC/USDT';

/** Sets the contracts' mark and waits until the server has applied it (it re-reads overrides every second). */
async function setMark(request: APIRequestContext, token: string, price: string): Promise<void> {
  await ops('mark', SYMBOL, price);
  await expect
    .poll(async () => (await api<{ mark_price: string | null }>(request, token, 'POST', '/lever/deal', { symbol: SYMBOL })).mark_price, { timeout: 10_000 })
    .toBe(price);
}

const registerUser = (request: APIRequestContext, email: string) => register(request, email, PASSWORD);

/** A user with 500 USDT in the futures (lever) account and 100 USDT in the options (micro) account. */
async function fundedUser(request: APIRequestContext, tag: string): Promise<string> {
  const email = `contracts-${tag}-${Date.now()}@example.com`;
  const token = await registerUser(request, email);
  await ops('deposit', email, 'USDT', '600', '--confirmed');
  const usdt = (await api<{ id: number; name: string }[]>(request, token, 'GET', '/currency/list')).find((c) => c.name === 'USDT');
  if (!usdt) throw new Error('USDT is not listed');
  for (const [to, amount] of [['lever', '500'], ['micro', '100']] as const) {
    await api(request, token, 'POST', '/wallet/change', { currency_id: String(usdt.id), number: amount, from_field: 'change', to_field: to, idempotency_key: crypto.randomUUID() });
  }
  return token;
}

/** Submit buttons take one tap per TAP_DEBOUNCE_MS (section 9). */
async function tap(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(TAP_DEBOUNCE_MS + 50);
  await page.getByRole('button', { name, exact: true }).click();
}

async function openPosition(page: Page, o: { side: 'Long' | 'Short'; lots: string; takeProfit?: string; margin: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Open a position' });
  await form.getByRole('radio', { name: o.side, exact: true }).click();
  await form.getByRole('radio', { name: '10×' }).click();
  await form.getByLabel('Lots').fill(o.lots);
  await form.getByLabel('Take profit').fill(o.takeProfit ?? '');
  // The preview (debounced /lever/deal) shows the margin before anything is sent.
  await expect(page.getByTestId('preview-margin')).toHaveText(`${o.margin} USDT`);
  await tap(page, o.side === 'Long' ? 'Open long' : 'Open short');
  const dialog = page.getByRole('dialog', { name: 'Confirm order' });
  await expect(dialog.getByTestId('futures-confirm')).toContainText(`${o.margin} USDT`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Position opened')).toBeVisible();
}

test.afterAll(async () => {
  await ops('mark', SYMBOL, 'clear');
});

test('a long with take-profit: live PnL as the mark moves, closed by TP with the reason, balance includes the PnL', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const token = await fundedUser(request, 'tp');
  await setMark(request, token, '60000');
  await useToken(page, token);
  await page.goto(`/#/pages/transaction/contract?symbol=${SYMBOL}`);
  await expect(page.getByTestId('lever-available')).toHaveText('500.00 USDT');

  await test.step('a take-profit on the wrong side is refused in place', async () => {
    const form = page.getByRole('form', { name: 'Open a position' });
    await form.getByLabel('Take profit').fill('59000');
    await tap(page, 'Open long');
    await expect(page.getByText(/^Take profit must be above 60,000/)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('open 2 lots long at 10x with TP 61,000: margin 12, fee 0.06', async () => {
    await openPosition(page, { side: 'Long', lots: '2', takeProfit: '61000', margin: '12.00' });
    const row = page.locator('[data-testid="positions"] [data-side="long"]');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-field="pnl"]')).toHaveText('0.00 USDT');
    await expect(row.locator('[data-field="stops"]')).toContainText('61,000.0');
    await expect(page.getByTestId('risk-rate')).not.toHaveText('--');
    await expect(page.getByTestId('lever-available')).toHaveText('487.94 USDT');
  });

  await test.step('the mark moves to 60,500: the PnL follows live (+1.00) in the up colour', async () => {
    await ops('mark', SYMBOL, '60500');
    const pnl = page.locator('[data-testid="positions"] [data-field="pnl"]');
    await expect(pnl).toHaveText('+1.00 USDT', { timeout: 10_000 });
    await expect(pnl).toHaveClass(/trend-up/);
    await expect(page.getByTestId('account-pnl')).toHaveText('+1.00');
  });

  await test.step('the mark reaches 61,000: take profit closes it, with the reason, and it moves to the history', async () => {
    await ops('mark', SYMBOL, '61000');
    await expect(page.getByText('BTC/USDT long closed by take profit')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('No open positions')).toBeVisible();
    await expect(page.getByTestId('lever-available')).toHaveText('501.879 USDT');
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Completed' }).click();
    const done = page.locator('[data-state="closed"]').first();
    await expect(done.locator('[data-field="reason"]')).toHaveText('Take profit');
    await expect(done).toContainText('+2.00 USDT');
    await expect(done).toContainText('61,000.00');
  });

  expect(errors()).toEqual([]);
});

test('open and close by hand; close only longs, then all, after a confirmation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const token = await fundedUser(request, 'close');
  await setMark(request, token, '60000');
  await useToken(page, token);
  await page.goto(`/#/pages/transaction/contract?symbol=${SYMBOL}`);
  await expect(page.getByTestId('lever-available')).toHaveText('500.00 USDT');

  await test.step('a short closed by hand at a higher mark loses (60,000 - 60,200) x 0.001 = -0.20', async () => {
    await openPosition(page, { side: 'Short', lots: '1', margin: '6.00' });
    await ops('mark', SYMBOL, '60200');
    const row = page.locator('[data-testid="positions"] [data-side="short"]');
    await expect(row.locator('[data-field="pnl"]')).toHaveText('-0.20 USDT', { timeout: 10_000 });
    await expect(row.locator('[data-field="pnl"]')).toHaveClass(/trend-down/);
    await row.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog', { name: 'Close position' }).getByRole('button', { name: 'Close position' }).click();
    await expect(page.getByText('Position closed, PnL -0.20 USDT')).toBeVisible();
    await expect(page.getByText('No open positions')).toBeVisible();
  });

  await test.step('one long and one short: "Close longs" closes only the long, "Close all" the rest', async () => {
    await openPosition(page, { side: 'Long', lots: '1', margin: '6.02' });
    await openPosition(page, { side: 'Short', lots: '1', margin: '6.02' });
    const rows = page.locator('[data-testid="positions"] [data-position]');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Close longs' }).click();
    const longs = page.getByRole('dialog', { name: 'Close all longs' });
    await expect(longs.getByTestId('batch-count')).toHaveText('Positions to close: 1');
    await longs.getByRole('button', { name: 'Close positions' }).click();
    await expect(page.getByText('Positions closed: 1')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-side', 'short');
    await page.getByRole('button', { name: 'Close all' }).click();
    await page.getByRole('dialog', { name: 'Close all positions' }).getByRole('button', { name: 'Close positions' }).click();
    await expect(page.getByText('No open positions')).toBeVisible();
  });

  await test.step('the history says they were closed by hand', async () => {
    await page.goto('/#/pages/transaction/contract_order?tab=completed');
    await expect(page.locator('[data-field="reason"]')).toHaveText(['Closed by you', 'Closed by you', 'Closed by you']);
  });

  expect(errors()).toEqual([]);
});

test('a 30 s seconds option: confirmation, countdown, and the result when it settles', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const token = await fundedUser(request, 'option');
  await setMark(request, token, '60000');
  await useToken(page, token);
  await page.goto(`/#/pages/transaction/index2?symbol=${SYMBOL}`);
  await expect(page.getByTestId('micro-available')).toHaveText('100.00 USDT');

  await test.step('a stake above the balance is refused in place', async () => {
    await page.getByRole('radio', { name: /^30s/ }).click();
    await page.getByLabel('Stake (USDT)').fill('150');
    await page.getByRole('button', { name: 'Buy up' }).click();
    await expect(page.getByText('Insufficient balance')).toBeVisible();
  });

  await test.step('10 USDT up for 30 s: the confirmation shows direction, expiry, buy price, profit and loss', async () => {
    await page.getByLabel('Stake (USDT)').fill('10');
    await page.getByRole('button', { name: 'Buy up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    const facts = dialog.getByTestId('options-confirm');
    await expect(facts).toContainText('Up');
    await expect(facts).toContainText('30 seconds');
    await expect(facts).toContainText('+1.00 USDT');
    await expect(facts).toContainText('-10.00 USDT');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Option placed')).toBeVisible();
    await expect(page.getByTestId('micro-available')).toHaveText('90.00 USDT');
  });

  await test.step('the countdown runs down from 30 s', async () => {
    const countdown = page.locator('.options-result [data-testid="countdown"]');
    await expect(countdown).toBeVisible();
    const first = Number(await countdown.getAttribute('data-left'));
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(async () => Number(await countdown.getAttribute('data-left')), { timeout: 5_000 }).toBeLessThan(first);
    await expect(page.locator('[data-testid="options-open"] [data-state="open"]')).toHaveCount(1);
  });

  await test.step('the mark rises to 60,100 and the option settles as a win: +1.00 USDT back with the stake', async () => {
    await ops('mark', SYMBOL, '60100');
    await expect(page.getByTestId('option-outcome')).toHaveText('You won +1.00 USDT', { timeout: 45_000 });
    await expect(page.getByTestId('option-sell-price')).toHaveText('60,100.0');
    await expect(page.getByTestId('micro-available')).toHaveText('101.00 USDT');
    await expect(page.getByText('No options in progress')).toBeVisible();
    await page.getByRole('link', { name: 'All options orders' }).click();
    await page.getByRole('tab', { name: 'Settled' }).click();
    await expect(page.locator('[data-outcome="win"] [data-field="profit"]')).toHaveText('+1.00 USDT');
  });

  expect(errors()).toEqual([]);
});

test('the home stock entry opens the stock contracts; the trade tab switches between futures, options and stocks', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openHome(page);
  await page.locator('[data-menu="stock"]').click();
  await expect(page).toHaveURL(/#\/pages\/transaction\/contract\?category=stock/);
  await expect(page.locator('.contract[data-category="stock"]')).toBeVisible();
  await expect(page.getByTestId('mark-price')).toHaveText(/\d/);
  await expect(page.getByRole('link', { name: 'Log in to trade' })).toBeVisible();

  await page.goto('/#/pages/transaction/index');
  const tabs = page.getByRole('tablist', { name: 'Markets to trade' });
  await tabs.getByRole('tab', { name: 'Futures' }).click();
  await expect(page.locator('.contract[data-category="coin"]')).toBeVisible();
  await tabs.getByRole('tab', { name: 'Options' }).click();
  await expect(page.locator('.seconds')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^30s/ })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Stocks' }).click();
  await expect(page.locator('.contract[data-category="stock"]')).toBeVisible();
  expect(errors()).toEqual([]);
});
