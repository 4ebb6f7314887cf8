import type { APIRequestContext } from '@playwright/test';
import type { CopyPosition, MyFollow } from '../../contract/api/copytrade.ts';
import type { FuturesPosition } from '../../contract/api/contracts.ts';
import type { UserInfo } from '../../contract/api/account.ts';
import type { BillEntry } from '../../contract/api/wallet.ts';
import type { Page as ListPage } from '../../contract/envelope.ts';
import { TAP_DEBOUNCE_MS } from '../../src/lib/debounce-tap.ts';
import { api, ops, registerUser } from './api-helpers.ts';
import { collectConsoleErrors, expect, test, useToken } from './fixtures.ts';

/**
 * Copy trading end to end against the real server (SIMULATOR=off): a new trader (applied through the
 * API, approved by the operator CLI) and a new follower who follows them through the screens with a
 * fixed multiple of 1. The trader opens a long through the API; the follower's My copies screen,
 * already open, shows the copy arrive over the private socket (no reload). The mark moves and the
 * trader closes; the follower's copy leaves the open list, and its realised PnL shows on the follow,
 * in the past copies and in the bills.
 *
 * Figures (ETH/USDT, its own mark so the contracts spec's BTC marks do not interfere; the lot size
 * is what the server derives from the first mark, read from /lever/deal): 2 lots long at 3,000 with
 * the 10x multiple; the mark moves to 3,100: PnL = 100 x 2 x lot.
 */
const PASSWORD = 'copytrade-pass-1';
const SYMBOL = 'ETH/USDT';
const OPEN_MARK = '3000';
const CLOSE_MARK = '3100';

async function setMark(request: APIRequestContext, token: string, price: string): Promise<void> {
  await ops('mark', SYMBOL, price);
  await expect
    .poll(async () => (await api<{ mark_price: string | null }>(request, token, 'POST', '/lever/deal', { symbol: SYMBOL })).mark_price, { timeout: 10_000 })
    .toBe(price);
}

/** A new user with `usdt` in the futures (lever) account; answers the token, the email and the uid. */
async function fundedUser(request: APIRequestContext, tag: string, usdt: string): Promise<{ token: string; email: string; uid: number }> {
  const email = `copytrade-${tag}-${Date.now()}@example.com`;
  const token = await registerUser(request, email, PASSWORD);
  await ops('deposit', email, 'USDT', usdt, '--confirmed');
  const coin = (await api<{ id: number; name: string }[]>(request, token, 'GET', '/currency/list')).find((c) => c.name === 'USDT');
  if (!coin) throw new Error('USDT is not listed');
  await api(request, token, 'POST', '/wallet/change', { currency_id: String(coin.id), number: usdt, from_field: 'change', to_field: 'lever', idempotency_key: crypto.randomUUID() });
  const { uid } = await api<UserInfo>(request, token, 'GET', '/user/info');
  return { token, email, uid };
}

test.afterAll(async () => {
  await ops('mark', SYMBOL, 'clear');
});

test('follow a trader on screen, see the copy arrive live, then its PnL on the follow and in the bills once the trader closes', async ({ page, request }) => {
  // Two users, two marks and the operator CLI four times: about 30 s on an idle machine, 70 s on a busy one.
  test.setTimeout(150_000);
  const errors = collectConsoleErrors(page);
  const trader = await fundedUser(request, 'trader', '1000');
  const follower = await fundedUser(request, 'follower', '500');
  await api(request, trader.token, 'POST', '/follow/apply', { agree: '1', introduction: 'Trend follower' });
  await ops('copytrade-approve', trader.email);
  await api(request, trader.token, 'POST', '/follow/profitShare', { profit_share: '0.1' });
  await setMark(request, trader.token, OPEN_MARK);
  const { lot_size: lot } = await api<{ lot_size: string }>(request, trader.token, 'POST', '/lever/deal', { symbol: SYMBOL });
  const pnl = (100 * 2 * Number(lot)).toFixed(2);
  await useToken(page, follower.token);

  await test.step('follow from the trader’s page with a fixed multiple of 1, agreement accepted', async () => {
    await page.goto(`/#/pages/follow/trader?id=${trader.uid}`);
    await page.getByTestId('follow-trader').click();
    await expect(page).toHaveURL(/#\/pages\/follow\/follow\?id=/);
    await page.locator('input[name="number"]').fill('1');
    await page.locator('input[name="budget"]').fill('200');
    // The server's preview: 1 trader lot makes 1 copied lot, 10 make 10.
    await expect(page.getByTestId('follow-preview').locator('[data-trader-lots="1"]')).toHaveText('1 lot→You open 1 lot');
    await expect(page.getByTestId('follow-preview').locator('[data-trader-lots="10"]')).toHaveText('10 lots→You open 10 lots');
    await expect(page.getByTestId('follow-preview').locator('[data-field="available"]')).toHaveText('500.00 USDT');
    await page.locator('input[name="agree"]').check();
    await page.waitForTimeout(TAP_DEBOUNCE_MS + 50);
    await page.locator('form.copy-form button[type="submit"]').click();
    await expect(page).toHaveURL(/#\/pages\/copytrade\/my/);
    await expect(page.locator(`[data-follow][data-trader="${trader.uid}"][data-state="active"]`)).toBeVisible();
  });

  let traderPosition: FuturesPosition;
  await test.step('the trader opens 2 lots: the copy shows up on the open copies list without a reload', async () => {
    await page.goto('/#/pages/copytrade/my?tab=copies');
    await expect(page.getByText('No open copies')).toBeVisible();
    // Marks the document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    traderPosition = (await api<{ position: FuturesPosition }>(request, trader.token, 'POST', '/lever/submit', {
      symbol: SYMBOL, type: 'long', multiple: '10', lots: '2', order_type: 'market', idempotency_key: crypto.randomUUID(),
    })).position;
    const copy = page.locator('[data-copy][data-state="open"]');
    await expect(copy).toBeVisible({ timeout: 10_000 });
    await expect(copy.locator('[data-field="lots"]')).toHaveText('2');
    await expect(copy.locator('.copy-badge')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  await test.step('the mark rises and the trader closes: the copy leaves the open list, its PnL shows', async () => {
    await setMark(request, trader.token, CLOSE_MARK);
    await api(request, trader.token, 'POST', '/lever/close', { id: String(traderPosition.id), idempotency_key: crypto.randomUUID() });
    await expect(page.locator('[data-copy][data-state="open"]')).toHaveCount(0, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const closed = await api<ListPage<CopyPosition>>(request, follower.token, 'GET', '/follow/copies', { status: 'closed' });
    expect(closed.data).toHaveLength(1);
    expect(closed.data[0]!.profit).toBe(String(Number(pnl)));

    // The profit share is settled by due work once no copy of the follow is open: wait for it, then
    // open the Traders tab (it reads the follows when shown).
    let mine: MyFollow | undefined;
    await expect.poll(async () => {
      mine = (await api<ListPage<MyFollow>>(request, follower.token, 'GET', '/follow/my')).data[0];
      return Number(mine?.profit_share_paid);
    }, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.locator('.segmented [role="tab"]').nth(0).click();
    const follow = page.locator(`[data-follow][data-trader="${trader.uid}"]`);
    await expect(follow.locator('[data-field="realised"]')).toContainText(`+${Number(mine!.realised_pnl).toFixed(2)} USDT`);
    await expect(follow.locator('[data-field="share-paid"]')).toContainText(`${Number(mine!.profit_share_paid).toFixed(2)} USDT`);

    await page.goto('/#/pages/copytrade/my?tab=copies&sub=closed');
    await expect(page.locator('[data-copy][data-state="closed"] [data-field="profit"]')).toHaveText(`+${pnl} USDT`);
  });

  await test.step('the bills show the copy’s profit and the profit share paid, each with its own label', async () => {
    const bills = await api<ListPage<BillEntry>>(request, follower.token, 'GET', '/wallet/legal_log', { account: 'lever' });
    const gain = bills.data.find((b) => b.kind === 'lever_profit');
    const share = bills.data.find((b) => b.kind === 'copytrade_share');
    expect(gain?.change, JSON.stringify(bills.data)).toBe(String(Number(pnl)));
    expect(Number(share?.change), JSON.stringify(bills.data)).toBeLessThan(0);
    await page.goto('/#/pages/fund/assets_all_record');
    const gainRow = page.locator(`[data-record="bill-${gain!.id}"]`);
    await expect(gainRow.locator('.record__title')).toHaveText('Realised PnL · USDT');
    await expect(gainRow.locator('.record__amount')).toHaveText(`+${pnl} USDT`);
    await expect(page.locator(`[data-record="bill-${share!.id}"] .record__title`)).toHaveText('Profit share · USDT');
  });
  expect(errors()).toEqual([]);
});
