import type { APIRequestContext, Page } from '@playwright/test';
import { TAP_DEBOUNCE_MS } from '../../src/lib/debounce-tap.ts';
import { api, ops, registerUser as register, twoTraders } from './api-helpers.ts';
import { collectConsoleErrors, expect, openHome, test, useToken } from './fixtures.ts';

/**
 * Markets and spot trading end to end, on the real server with the simulator off (scripts/e2e.mjs):
 * the liquidity is made here. User A (funded with BTC by the operator CLI) sells through the API;
 * user B (funded with USDT) watches the book and trades through the UI.
 */

const PASSWORD = 'markets-pass-1';
/** Far from anything another suite might trade, so the book holds only this test's orders. */
const ASK_PRICE = '61234.5';
const ASK_SHOWN = '61,234.5';

test.describe.configure({ mode: 'parallel' });

const registerUser = (request: APIRequestContext, email: string) => register(request, email, PASSWORD);

/** The socket is connected and the screen's streams can move. */
async function waitLive(page: Page): Promise<void> {
  await expect(page.locator('[data-live]').first()).toHaveAttribute('data-live', 'live', { timeout: 20_000 });
}

/** Submit buttons take one tap per TAP_DEBOUNCE_MS (section 9). */
async function tap(page: Page, name: string | RegExp): Promise<void> {
  await page.waitForTimeout(TAP_DEBOUNCE_MS + 50);
  await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
}

test('the market list shows live pairs; search finds a pair and records it; favourites come and go', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);

  await test.step('signed out: the coins and stocks lists, sorting, and the login guard on the star', async () => {
    await page.goto('/#/pages/market/market');
    const btc = page.locator('[data-symbol="BTC/USDT"]');
    await expect(btc.locator('[data-field="last"]')).toHaveText(/^\d{1,3}(,\d{3})*\.\d$/);
    await expect(page.getByRole('row')).not.toHaveCount(1);
    const name = page.getByRole('columnheader', { name: 'Trading pair' });
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    const first = async () => (await page.locator('.quote-row').first().getAttribute('data-symbol')) ?? '';
    const ascending = await first();
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    expect((await first()) > ascending, `${await first()} after ${ascending} descending`).toBe(true);
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'none');

    await page.getByRole('tab', { name: 'Stocks' }).click();
    await expect(page.locator('[data-symbol="AAPL/USDT"]')).toBeVisible();
    await expect(page.locator('[data-symbol="BTC/USDT"]')).toHaveCount(0);

    await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
    await page.getByRole('button', { name: 'Add BTC/USDT to favourites' }).click();
    await expect(page.getByText('Please login first')).toBeVisible();
    await expect(page).toHaveURL(/#\/pages\/common\/login\?redirect=/);
  });

  const token = await registerUser(request, `markets-list-${Date.now()}@example.com`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  // A fresh document, so the app starts signed in.
  await page.goto('about:blank');

  await test.step('search finds ETH, opening it records a recent view', async () => {
    await page.goto('/#/pages/market/search');
    await expect(page.getByTestId('hot-searches').getByRole('link').first()).toBeVisible();
    await page.getByLabel('Search pairs').fill('eth');
    const result = page.locator('.search-results [data-symbol="ETH/USDT"]');
    await expect(result).toBeVisible();
    await result.click();
    await expect(page.locator('[data-screen="/pages/transaction/currency"] .trade')).toHaveAttribute('data-symbol', 'ETH/USDT');
    await page.goBack();
    await expect(page.getByTestId('recent-pairs')).toContainText('ETH/USDT');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByTestId('recent-pairs')).toHaveCount(0);
  });

  await test.step('a star on the trading screen adds a favourite; edit in the list removes it', async () => {
    await page.goto('/#/pages/transaction/currency?symbol=SOL/USDT');
    await page.getByRole('button', { name: 'Add SOL/USDT to favourites' }).click();
    await expect(page.getByText('Added to favourites')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove SOL/USDT from favourites' })).toHaveAttribute('aria-pressed', 'true');
    const listed = await api<{ symbol: string }[]>(request, token, 'GET', '/optional/list');
    expect(listed.map((q) => q.symbol)).toEqual(['SOL/USDT']);

    await page.goto('/#/pages/market/market?tab=favourites');
    await expect(page.locator('.quote-row')).toHaveCount(1);
    await expect(page.locator('[data-symbol="SOL/USDT"]')).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Remove SOL from favourites' }).click();
    await expect(page.getByText('Removed from favourites')).toBeVisible();
    await expect(page.getByText(/No favourites yet/)).toBeVisible();
    expect(await api<unknown[]>(request, token, 'GET', '/optional/list')).toEqual([]);
  });

  expect(errors()).toEqual([]);
});

test('the coins list scrolls to its end with a few rows in the page, in reading order once it rests', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/#/pages/market/market');
  await expect(page.locator('[data-symbol="BTC/USDT"] [data-field="last"]')).toHaveText(/\d/);
  const pairs = Number(await page.locator('.market-table').getAttribute('aria-rowcount')) - 1;
  expect(pairs).toBeGreaterThanOrEqual(30);
  /** The rows in the page in document order: their place in the list (aria-rowindex; the header is 1), pair and name. */
  const rows = () =>
    page.locator('.quote-row').evaluateAll((els) => els.map((el) => ({ at: Number(el.getAttribute('aria-rowindex')), symbol: el.getAttribute('data-symbol') ?? '', base: el.querySelector('strong')?.textContent ?? '' })));
  /** Consecutive places in document order ending at `last`, each row naming its own pair. */
  const inReadingOrder = (shown: Awaited<ReturnType<typeof rows>>, last: number) =>
    shown.every((row, i) => row.symbol.startsWith(`${row.base}/`) && (i === 0 || row.at === shown[i - 1]!.at + 1)) && shown.at(-1)?.at === last;
  expect((await rows()).length).toBeLessThan(pairs);

  // Wheel steps, as a finger's scroll arrives: rows that leave the top hand their places in the page
  // to rows that come in at the bottom, so the document order is only put back once the list rests.
  await page.mouse.move(195, 600);
  for (let step = 0; step < 50; step += 1) {
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(20);
  }
  await expect.poll(async () => inReadingOrder(await rows(), pairs + 1), { timeout: 5_000 }).toBe(true);
  const atEnd = await rows();
  expect(atEnd.length).toBeLessThan(pairs);
  expect(atEnd.some((row) => row.symbol === 'BTC/USDT')).toBe(false);

  // A tap on a row the scroll brought in opens that row's pair.
  const lastRow = page.locator(`.quote-row[aria-rowindex="${pairs + 1}"]`);
  const symbol = (await lastRow.getAttribute('data-symbol')) ?? '';
  await lastRow.click();
  await expect(page.locator('[data-screen="/pages/transaction/currency"] .trade')).toHaveAttribute('data-symbol', symbol);
  expect(errors()).toEqual([]);
});

test('home shows the markets block after its first paint: rising and falling, top movers by tab, a row opens its pair', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openHome(page);
  const block = page.getByTestId('market-movers');
  await expect(block).toBeVisible({ timeout: 20_000 });
  await expect(block.getByText(/^\d+ rising$/)).toBeVisible();
  await expect(block.getByText(/^\d+ falling$/)).toBeVisible();
  const rows = block.locator('.movers__row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('.num').first()).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  await expect(block.locator('.movers__vol')).toHaveCount(0);
  // It fills exactly the place its placeholder held from the first paint: nothing below it moves.
  const { height, held } = await block.evaluate((el) => ({ height: el.getBoundingClientRect().height, held: parseFloat(getComputedStyle(el).minHeight) }));
  expect(height).toBe(held);
  await block.getByRole('tab', { name: 'Top volume' }).click();
  await expect(block.getByRole('tab', { name: 'Top volume' })).toHaveAttribute('aria-selected', 'true');
  await expect(block.locator('.movers__vol').first()).toBeVisible();
  const symbol = (await rows.first().getAttribute('data-symbol')) ?? '';
  expect(symbol).toMatch(/^[A-Z]+\/USDT$/);
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`#/pages/transaction/currency\\?symbol=${symbol.replace('/', '\\/')}$`));
  expect(errors()).toEqual([]);
});

test('a limit sell fills against a buy placed in the UI; the book, trades and chart move live; an open order is cancelled', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const sellerEmail = `markets-seller-${stamp}@example.com`;
  const buyerEmail = `markets-buyer-${stamp}@example.com`;
  const seller = await registerUser(request, sellerEmail);
  const buyer = await registerUser(request, buyerEmail);
  await ops('deposit', sellerEmail, 'BTC', '1', '--confirmed');
  await ops('deposit', buyerEmail, 'USDT', '1000', '--confirmed');
  await useToken(page, buyer);

  await test.step('the trading screen: header, chart, empty side of the book, the buyer’s balance', async () => {
    await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
    await expect(page.getByRole('button', { name: /^BTC\/USDT, choose another pair/ })).toBeVisible();
    // Closed until asked for (its library is not even fetched); opened once, it opens on every visit.
    await expect(page.getByRole('button', { name: 'Show chart' })).toBeVisible();
    await expect(page.getByTestId('kline-chart')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show chart' }).click();
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Hide chart' }).click();
    await expect(page.getByTestId('kline-chart')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show chart' }).click();
    await page.reload();
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('radio', { name: '1h' }).click();
    await expect(page.getByRole('radio', { name: '1h' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('available')).toHaveText('1,000.00 USDT');
    await waitLive(page);
  });

  await test.step('the seller’s ask appears in the book without a reload', async () => {
    await api(request, seller, 'POST', '/coin/trade', { symbol: 'BTC/USDT', type: 'sell', amount: '0.01', target_price: ASK_PRICE, idempotency_key: `ask-${stamp}` });
    const ask = page.locator(`[data-side="asks"] [data-price="${ASK_PRICE}"]`);
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(ASK_SHOWN);
    await expect(ask).toContainText('0.01000');
  });

  await test.step('the form refuses bad input with the section 5 and 8 messages', async () => {
    const price = page.getByLabel('Price (USDT)');
    const amount = page.getByLabel('Amount (BTC)');
    await price.fill('61234.55');
    await amount.fill('0.01');
    await tap(page, 'Buy BTC');
    await expect(page.getByText('Please enter the correct price')).toBeVisible();
    await price.fill(ASK_PRICE);
    await amount.fill('abc');
    await tap(page, 'Buy BTC');
    await expect(page.getByText('Please enter the correct amount')).toBeVisible();
    await amount.fill('0.00001');
    await tap(page, 'Buy BTC');
    await expect(page.getByText('The minimum order value is 5.00 USDT')).toBeVisible();
    await amount.fill('1');
    await tap(page, 'Buy BTC');
    await expect(page.getByText('Insufficient balance')).toBeVisible();
  });

  await test.step('tapping the ask fills the price; 25% of the balance and the fee are shown; the buy fills', async () => {
    await page.locator(`[data-side="asks"] [data-price="${ASK_PRICE}"]`).click();
    await expect(page.getByLabel('Price (USDT)')).toHaveValue(ASK_PRICE);
    await page.getByRole('button', { name: '25%' }).click();
    // 250 USDT at 61,234.5 buys 0.0040826… BTC, cut to the 0.00001 lot.
    await expect(page.getByLabel('Amount (BTC)')).toHaveValue('0.00408');
    await page.getByLabel('Amount (BTC)').fill('0.01');
    await expect(page.getByTestId('order-total')).toHaveText('612.345 USDT');
    await expect(page.getByTestId('order-fee')).toHaveText('0.00001 BTC');
    await tap(page, 'Buy BTC');
    await expect(page.getByText('Order filled')).toBeVisible();
    await expect(page.locator(`[data-side="asks"] [data-price="${ASK_PRICE}"]`)).toHaveCount(0);
    await expect(page.getByTestId('available')).toHaveText('387.655 USDT');
    await page.getByRole('radio', { name: 'Sell' }).click();
    await expect(page.getByTestId('available')).toHaveText('0.00999 BTC');
  });

  await test.step('the trade is in the market trades, the last price and the order history', async () => {
    await page.getByRole('tab', { name: 'Market trades' }).click();
    await expect(page.getByTestId('recent-trades').locator('tbody tr').first()).toContainText(ASK_SHOWN);
    await expect(page.getByTestId('book-last')).toHaveText(ASK_SHOWN);
    await page.getByRole('link', { name: 'Order history' }).click();
    await page.getByRole('tab', { name: 'Order history' }).click();
    const filled = page.locator('[data-state="filled"]').first();
    await expect(filled).toContainText('BTC/USDT');
    await expect(filled.locator('[data-field="filled"]')).toHaveText('0.01 / 0.01');
  });

  await test.step('a second trade arrives live in the market trades', async () => {
    await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
    await page.getByRole('tab', { name: 'Market trades' }).click();
    await expect(page.getByTestId('recent-trades').locator('tbody tr')).toHaveCount(1);
    await waitLive(page);
    await api(request, seller, 'POST', '/coin/trade', { symbol: 'BTC/USDT', type: 'sell', amount: '0.002', target_price: '60000', idempotency_key: `ask2-${stamp}` });
    await api(request, buyer, 'POST', '/coin/trade', { symbol: 'BTC/USDT', type: 'buy', amount: '0.002', target_price: '60000', idempotency_key: `bid2-${stamp}` });
    await expect(page.getByTestId('recent-trades').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('recent-trades').locator('tbody tr').first()).toContainText('60,000.0');
  });

  await test.step('an open buy is placed, listed live, and cancelled', async () => {
    await page.getByRole('tab', { name: /Open orders/ }).click();
    await expect(page.getByText('No open orders')).toBeVisible();
    await page.getByLabel('Price (USDT)').fill('50000');
    await page.getByLabel('Amount (BTC)').fill('0.001');
    await tap(page, 'Buy BTC');
    await expect(page.getByText('Order placed')).toBeVisible();
    const open = page.getByTestId('open-orders').locator('[data-state="open"]');
    await expect(open).toHaveCount(1);
    await expect(page.locator('[data-side="bids"] [data-price="50000"]')).toBeVisible();
    await open.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Order cancelled')).toBeVisible();
    await expect(page.getByText('No open orders')).toBeVisible();
    await expect(page.locator('[data-side="bids"] [data-price="50000"]')).toHaveCount(0);
    const history = await api<{ data: { state: string; price: string }[] }>(request, buyer, 'GET', '/coin/list', { status: 'history', symbol: 'BTC/USDT' });
    expect(history.data.map((o) => o.state)).toContain('cancelled');
  });

  expect(errors()).toEqual([]);
});

/** What the page says it is (the app reads document.visibilityState on visibilitychange). */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value: value ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a hidden page gets no book updates until it is shown; hidden long, it lets the public streams go and takes them again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const sellerEmail = `hidden-seller-${stamp}@example.com`;
  const seller = await registerUser(request, sellerEmail);
  await ops('deposit', sellerEmail, 'BTC', '1', '--confirmed');
  const ask = (price: string, key: string) => api(request, seller, 'POST', '/coin/trade', { symbol: 'BTC/USDT', type: 'sell', amount: '0.001', target_price: price, idempotency_key: `${key}-${stamp}` });
  // The socket lives in a worker; its frames show what it asks of the server.
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => typeof frame.payload === 'string' && sent.push(frame.payload)));
  const asked = (verb: 'subscribe' | 'unsubscribe') => sent.filter((f) => f.includes(`"${verb}"`) && f.includes('"depth"')).length;

  await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
  await waitLive(page);
  await expect.poll(() => asked('subscribe')).toBe(1);

  await test.step('a short absence: the ask placed meanwhile shows only once the page is shown again', async () => {
    await setHidden(page, true);
    await ask('62345.6', 'hidden-ask');
    const row = page.locator('[data-side="asks"] [data-price="62345.6"]');
    // Shown, it would be there within a frame or two of the message.
    await page.waitForTimeout(1_500);
    await expect(row).toHaveCount(0);
    await setHidden(page, false);
    await expect(row).toBeVisible();
    expect(asked('unsubscribe')).toBe(0);
  });

  await test.step('a long absence lets the book go; shown again, it comes back from a fresh snapshot with what changed', async () => {
    await setHidden(page, true);
    await expect.poll(() => asked('unsubscribe'), { timeout: 45_000 }).toBe(1);
    await ask('62456.7', 'away-ask');
    await setHidden(page, false);
    await expect.poll(() => asked('subscribe')).toBe(2);
    await expect(page.locator('[data-side="asks"] [data-price="62456.7"]')).toBeVisible();
    await expect(page.locator('[data-side="asks"] [data-price="62345.6"]')).toBeVisible();
  });

  expect(errors()).toEqual([]);
});

test("a low-priced coin's book fits a 320 px phone: big amounts shortened, the last price's change kept in view", async ({ page, request }) => {
  test.setTimeout(60_000);
  // No other suite trades DOGE, so the book holds only these orders.
  const symbol = 'DOGE/USDT';
  const { seller, buyer, order } = await twoTraders(request, { symbol, baseAmount: '20000000', usdtAmount: '1200000', tag: 'book', password: PASSWORD });
  await order(seller, 'sell', '17249000.5', '0.12345');
  // Trades 20,000 against the ask (a last price), then rests below it.
  await order(buyer, 'buy', '20000', '0.12345');
  await order(buyer, 'buy', '9439770.1', '0.11944');

  await page.setViewportSize({ width: 320, height: 640 });
  await useToken(page, buyer);
  await page.goto(`/#/pages/transaction/currency?symbol=${symbol}`);
  await expect(page.locator('[data-side="asks"] [data-price="0.12345"]')).toContainText('17.23M', { timeout: 20_000 });
  await expect(page.locator('[data-side="bids"] [data-price="0.11944"]')).toContainText('9.44M');
  await expect(page.getByTestId('book-last')).toHaveText('0.12345');
  // Nothing of a level or of the last price row runs past its box (1 px of rounding allowed).
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('.book-row:not(.book-row--empty), .order-book__last')].map((el) => el.scrollWidth - el.clientWidth),
  );
  expect(Math.max(...overflow)).toBeLessThanOrEqual(1);
});
