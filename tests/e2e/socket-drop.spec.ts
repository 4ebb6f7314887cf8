import { api, ops, registerUser } from './api-helpers.ts';
import { collectConsoleErrors, expect, test } from './fixtures.ts';
import { expectSocket, socketState, testProxy } from './pwa-helpers.ts';

/**
 * A socket dropped while the device stays online (a proxy cuts it; Playwright cannot route a
 * worker's websocket): what the screen shows as current must say it is not, until fresh snapshots.
 */

const PASSWORD = 'socket-drop-pass-1';

test('a socket cut by a proxy takes the book off and mutes the last price until the fresh snapshots, which show what changed meanwhile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const sellerEmail = `cut-seller-${stamp}@example.com`;
  const seller = await registerUser(request, sellerEmail, PASSWORD);
  await ops('deposit', sellerEmail, 'BTC', '1', '--confirmed');
  const ask = (price: string, key: string) =>
    api<{ id: number }>(request, seller, 'POST', '/coin/trade', { symbol: 'BTC/USDT', type: 'sell', amount: '0.001', target_price: price, idempotency_key: `${key}-${stamp}` });
  const row = (price: string) => page.locator(`[data-side="asks"] [data-price="${price}"]`);
  const book = page.getByTestId('order-book');
  const proxy = await testProxy();
  try {
    const before = await ask('63456.7', 'cut-before');
    await page.goto(`${proxy.url}/#/pages/transaction/currency?symbol=BTC/USDT`);
    await expectSocket(page, 'live', 20_000);
    await expect(row('63456.7')).toBeVisible();
    const height = (await book.boundingBox())!.height;
    const last = page.getByTestId('pair-last');
    const muted = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--text-3)';
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    await expect(last).not.toHaveCSS('color', muted);

    proxy.cutSocket(true);
    await expect(page.locator('[data-live]').first()).toHaveAttribute('data-live', 'reconnecting');
    // The device is online all along: only the stream says the book is old, and the last price.
    await expect(book).toContainText('Reconnecting to the order book…');
    await expect(last).toHaveCSS('color', muted);
    await expect(book.getByRole('button')).toHaveCount(0);
    expect((await book.boundingBox())!.height).toBe(height);
    // The market moves meanwhile: the level shown before goes, another comes.
    await api(request, seller, 'POST', '/coin/cancel', { id: String(before.id) });
    await ask('63567.8', 'cut-after');
    await page.waitForTimeout(1_500);
    await expect(book.getByRole('button')).toHaveCount(0);

    proxy.cutSocket(false);
    await expectSocket(page, 'live', 20_000);
    await expect(row('63567.8')).toBeVisible({ timeout: 20_000 });
    await expect(row('63456.7')).toHaveCount(0);
    await expect(book).not.toContainText('Reconnecting');
    await expect(last).not.toHaveCSS('color', muted);
  } finally {
    await proxy.close();
  }
  // The proxy refusing the socket is the point; anything else is a failure.
  expect(errors().filter((line) => !/WebSocket connection|Failed to load resource/.test(line))).toEqual([]);
});

test.describe('a socket client whose chunk and worker script fail to load', () => {
  // The service worker would serve them from its precache, past the proxy.
  test.use({ serviceWorkers: 'block' });

  test('tries each again by itself, and the book and quotes come live without a reload', async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = collectConsoleErrors(page);
    const stamp = Date.now();
    const sellerEmail = `worker-seller-${stamp}@example.com`;
    const seller = await registerUser(request, sellerEmail, PASSWORD);
    await ops('deposit', sellerEmail, 'BTC', '1', '--confirmed');
    await api(request, seller, 'POST', '/coin/trade', { symbol: 'BTC/USDT', type: 'sell', amount: '0.001', target_price: '63678.9', idempotency_key: `worker-ask-${stamp}` });
    const book = page.getByTestId('order-book');
    const stale = () => page.evaluate(() => document.documentElement.hasAttribute('data-quotes-stale'));
    const proxy = await testProxy();
    try {
      // First the socket client's chunk is lost, and again on the next two tries: no stream, the
      // book from HTTP only, and no reload (the server still has the chunk: the network lost it).
      const manager = /^socket-manager-[^/]*\.js/;
      proxy.failAssets(manager);
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto(`${proxy.url}/#/pages/transaction/currency?symbol=BTC/USDT`);
      await expect.poll(() => proxy.failAssets(manager), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(loads).toBe(1);
      await expect(page.locator('[data-side="asks"] [data-price="63678.9"]')).toBeVisible();
      await expectSocket(page, 'idle');

      // Then the chunk comes, but the worker's script is lost, twice.
      const before = proxy.failAssets(null);
      const workerScript = /^socket-worker-[^/]*\.js/;
      proxy.failAssets(workerScript);
      await expect.poll(() => proxy.failAssets(workerScript), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
      // Online all along: the stream is coming, not the network gone.
      await expectSocket(page, 'reconnecting');
      await expect(book).toContainText('Reconnecting to the order book…');
      await expect(book.getByRole('button')).toHaveCount(0);
      expect(await stale()).toBe(true);

      proxy.failAssets(null);
      // The waits double from 2 s: the next try is at most 8 s away after two failures.
      await expectSocket(page, 'live', 20_000);
      await expect(page.locator('[data-side="asks"] [data-price="63678.9"]')).toBeVisible({ timeout: 10_000 });
      await expect(book).not.toContainText('Reconnecting');
      await expect.poll(stale, { timeout: 10_000 }).toBe(false);
    } finally {
      await proxy.close();
    }
    expect(errors().filter((line) => !/Failed to load resource|socket-worker/.test(line))).toEqual([]);
  });

  test('a worker script that hangs unanswered is given up and fetched again: the stream comes without a reload', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectConsoleErrors(page);
    const proxy = await testProxy();
    try {
      const workerScript = /^socket-worker-[^/]*\.js/;
      proxy.stallAssets(workerScript);
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto(`${proxy.url}/#/pages/transaction/currency?symbol=BTC/USDT`);
      await expect.poll(() => proxy.stallAssets(workerScript), { timeout: 20_000 }).toBe(1);
      // That request stays unanswered; the next one is let through.
      proxy.stallAssets(null);
      await page.waitForTimeout(3_000);
      expect(await socketState(page).getAttribute('data-socket')).not.toBe('live');
      // WORKER_LOAD_MS (15 s) after the first try, then the first of TryAgain's waits (2 s).
      await expectSocket(page, 'live', 30_000);
      expect(loads).toBe(1);
    } finally {
      await proxy.close();
    }
    expect(errors().filter((line) => !/Failed to load resource|socket-worker/.test(line))).toEqual([]);
  });
});
