import { collectConsoleErrors, expect, loginViaApi, test, useToken } from './fixtures.ts';
import { api, ops, registerUser } from './api-helpers.ts';
import { cacheContents, expectShell, expectSocket, newsTitles, notOfflineNoise, persistentPhone, waitForWorker } from './pwa-helpers.ts';

/**
 * Offline tolerance in a real Chromium with the real service worker (sw/sw.ts) and the real server:
 * what is precached, what the runtime strategies keep, what an offline reload and an offline cold
 * start show, how writes are refused, and how the app recovers when the network comes back; and the
 * wipe of private data when the session ends. Updates are update.spec.ts's; switching language
 * offline is language-offline.spec.ts's.
 */

const OFFLINE_TEXT = 'You are offline. Showing the last saved data.';
const WRITE_REFUSED = 'You are offline. Connect to the network and try again.';
const PRIVATE = /^brisk-private-/;
const PRIVATE_PASSWORD = 'offline-pass-1';

test('after one online visit the app opens offline with its last data and says how old it is; back online it refreshes', async ({ playwright }) => {
  test.setTimeout(120_000);
  const phone = await persistentPhone(playwright);
  const { context, page } = phone;
  try {
    const errors = collectConsoleErrors(page);
    await page.goto('/#/');
    await waitForWorker(page);

    // Precache: the shell and the route chunks, but no catalog; the catalog in use is cached at run time.
    const precache = Object.entries(await cacheContents(page)).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
    expect(precache.some((url) => url.startsWith('/index.html'))).toBe(true);
    // The boot chunk (the entry and the home tab) is inside index.html (scripts/vite/inline-boot.ts);
    // its stylesheet is a file.
    expect(precache.filter((url) => /\/assets\/boot-[\w-]+\.(js|css)$/.test(url))).toEqual([expect.stringMatching(/\.css$/)]);
    for (const chunk of ['market-page', 'faq-page', 'article-page', 'login-page', 'setting-page', 'download-page']) {
      expect(precache.some((url) => url.startsWith(`/assets/${chunk}-`)), `${chunk} precached`).toBe(true);
    }
    expect(precache.filter((url) => url.includes('/assets/locale-'))).toEqual([]);

    // Data read from now on goes through the worker (it claimed the page): home, an article, the FAQ.
    await page.reload();
    const titles = await newsTitles(page);
    const articleHref = await page.locator('.news-list a').first().getAttribute('href');
    // (Navigated to, not clicked: the home notice dialog may cover the list.)
    await page.goto('/' + articleHref);
    await expect(page.locator('.article__title')).toBeVisible();
    const articleTitle = await page.locator('.article__title').textContent();
    await page.goto('/#/pages/common/faq');
    await expect(page.locator('.faq__item').first()).toBeVisible();
    const caches = await cacheContents(page);
    // The active locale's catalog: the rest part (scripts/vite/catalog-parts.ts); the default
    // locale's start part is in the boot chunk, inside index.html.
    expect(caches['brisk-locale-v1']).toEqual([expect.stringMatching(/^\/assets\/locale-[\w-]+\.js$/)]);
    expect(caches['brisk-content-v1']).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/news\/list\?c_id=4&/), expect.stringMatching(/^\/api\/faq\?/)]));
    // Images: cache-first, same origin only.
    expect(caches['brisk-images-v1']?.length ?? 0).toBeGreaterThan(0);
    expect(Object.values(caches).flat().filter((url) => url.startsWith('http'))).toEqual([]);
    // Only `ok` answers are kept: an error envelope (HTTP 200 too) never stands in for data offline.
    const missing = await page.evaluate(async () => (await (await fetch('api/news/detail?id=999999&lang=en')).json()) as { type: string });
    expect(missing.type).toBe('error');
    expect((await cacheContents(page))['brisk-content-v1']?.filter((url) => url.includes('id=999999'))).toEqual([]);
    await page.goto('/#/');
    await newsTitles(page);
    await expectSocket(page, 'live');

    await context.setOffline(true);
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expectSocket(page, 'offline');

    // Reload offline: the shell, the same news, and the time the news was current.
    await page.reload();
    await expectShell(page, '/', 'Brisk');
    await expect(page.locator('.tabbar')).toBeVisible();
    expect(await newsTitles(page)).toEqual(titles);
    await expect(page.locator('.as-of')).toHaveText(/^As of \d{4}-\d\d-\d\d \d\d:\d\d$/);
    // The top movers: the last-known quotes, with their time.
    await expect(page.locator('.movers__as-of')).toHaveText(/^As of \d{4}-\d\d-\d\d \d\d:\d\d$/);
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();

    // Cold start offline: a new window of the installed app, straight onto a screen read before.
    const cold = await context.newPage();
    const coldErrors = collectConsoleErrors(cold);
    await cold.goto('/#/pages/common/faq');
    await expectShell(cold, '/pages/common/faq', 'FAQ');
    await expect(cold.locator('.faq__item').first()).toBeVisible();
    await expect(cold.locator('.as-of')).toHaveText(/^As of /);
    await cold.goto('/' + articleHref);
    await expect(cold.locator('.article__title')).toHaveText(articleTitle ?? '');
    await expect(cold.locator('.as-of')).toBeVisible();
    // The market tab, never opened online: the quote list home read, with its time.
    await cold.goto('/#/pages/market/market');
    await expect(cold.locator('[data-symbol="BTC/USDT"] [data-field="last"]')).toHaveText(/\d/);
    await expect(cold.locator('.as-of')).toHaveText(/^As of /);
    // The stream knows it started offline: it waits for the network instead of "reconnecting" in vain.
    await expect(cold.locator('.status-banners')).toHaveAttribute('data-socket', 'offline');

    // A write offline is refused plainly, and nothing is sent.
    await cold.goto('/#/pages/common/login');
    await cold.getByLabel('Email').fill('demo@brisk.dev');
    await cold.getByLabel('Password').fill('brisk-demo');
    const posts: string[] = [];
    cold.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await cold.getByRole('button', { name: 'Log in' }).click();
    await expect(cold.getByText(WRITE_REFUSED)).toBeVisible();
    expect(posts).toEqual([]);
    await cold.close();
    expect(coldErrors().filter(notOfflineNoise)).toEqual([]);

    // Back online: the banner goes, the screen fetches its data again by itself, the stream is live.
    const refetch = page.waitForRequest((request) => request.url().includes('/api/news/list'));
    await context.setOffline(false);
    await refetch;
    await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();
    await expect(page.locator('.as-of')).toHaveCount(0);
    await expectSocket(page, 'live');
    expect(errors().filter(notOfflineNoise)).toEqual([]);
  } finally {
    await phone.close();
  }
});

test("one online visit is enough: what it showed before the worker existed opens offline, in the visitor's language", async ({ playwright }) => {
  test.setTimeout(90_000);
  const phone = await persistentPhone(playwright);
  const { context, page } = phone;
  try {
    // A French speaker's first visit: the catalog is a file of its own (English starts inside index.html).
    await page.goto('/robots.txt');
    await page.evaluate(() => localStorage.setItem('lang', 'fra'));
    await page.goto('/#/');
    const titles = await newsTitles(page);
    await waitForWorker(page);
    // No reload, no second visit: home's reads, its banner and its catalog were fetched before the
    // worker installed; the page hands their URLs to it once it is active (src/app/first-reads-to-keep.ts).
    await expect
      .poll(async () => {
        const caches = await cacheContents(page);
        return {
          news: caches['brisk-content-v1']?.some((url) => /^\/api\/news\/list\?c_id=4&.*lang=fra/.test(url)) ?? false,
          quotes: caches['brisk-market-v1']?.some((url) => url.startsWith('/api/currency/quotation_new?')) ?? false,
          banner: caches['brisk-images-v1']?.some((url) => url.startsWith('/content/')) ?? false,
          catalog: caches['brisk-locale-v1']?.some((url) => url.startsWith('/assets/locale-')) ?? false,
        };
      }, { timeout: 20_000 })
      .toEqual({ news: true, quotes: true, banner: true, catalog: true });

    await context.setOffline(true);
    // The installed app opened from the home screen, offline.
    const cold = await context.newPage();
    const coldErrors = collectConsoleErrors(cold);
    await cold.goto('/#/');
    await expect(cold.locator('.tabbar')).toContainText('Accueil');
    await expect(cold.getByText('Vous êtes hors ligne. Affichage des dernières données enregistrées.')).toBeVisible();
    expect(await newsTitles(cold)).toEqual(titles);
    await expect(cold.locator('.as-of').first()).toBeVisible();
    await expect(cold.locator('.movers__as-of')).toBeVisible();
    await cold.close();
    expect(coldErrors().filter(notOfflineNoise)).toEqual([]);
  } finally {
    await phone.close();
  }
});

test("the user's own data is cached only while signed in: offline the balances show with their time; logout and a 999 wipe it, controlled or not", async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  // Its own account holding only USDT (valued at 1), so the total it compares offline is not moved
  // by other specs trading BTC or ETH meanwhile, as the demo user's demo funds would be.
  const email = `offline-private-${Date.now()}@example.com`;
  await useToken(page, await registerUser(request, email, PRIVATE_PASSWORD));
  await ops('deposit', email, 'USDT', '1234.5', '--confirmed');
  await page.goto('/#/');
  await waitForWorker(page);
  const privateUrls = async () => Object.entries(await cacheContents(page)).filter(([name]) => PRIVATE.test(name)).flatMap(([, urls]) => urls);
  // No reload: /user/info was read before the worker existed, and handed to it on its first
  // activation with the session's token (src/app/first-reads-to-keep.ts), so the worker keeps it.
  await expect.poll(privateUrls, { timeout: 15_000 }).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/user\/info\?/)]));

  // The balances too: read online, then an offline reload shows them with the time they were current.
  await page.goto('/#/pages/fund/assets');
  const total = await page.getByTestId('assets-total').textContent();
  expect(total).toMatch(/\d/);
  await expect.poll(privateUrls).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/wallet\/list\?/)]));
  await page.goto('/#/pages/fund/transfer');
  await expect(page.getByLabel('Amount')).toBeVisible();
  await page.goto('/#/pages/fund/assets');
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('assets-total')).toHaveText(total!);
  await expect(page.locator('.assets .as-of')).toHaveText(/^As of \d{4}-\d\d-\d\d \d\d:\d\d$/);
  // A form's available balance too: the transfer's, the exchange's and the coin trading screen's
  // (which also dates its pairs, read at another time).
  const asOfText = /^As of \d{4}-\d\d-\d\d \d\d:\d\d$/;
  await page.goto('/#/pages/fund/transfer');
  await expect(page.locator('.form .as-of')).toHaveText(asOfText);
  await page.goto('/#/pages/fund/transfer?type=exchange');
  await expect(page.locator('.form .as-of')).toHaveText(asOfText);
  await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
  await expect(page.getByTestId('available')).toHaveText(/\d/);
  await expect(page.locator('.order-form .as-of')).toHaveText(asOfText);
  await page.context().setOffline(false);
  // Back online, the private stream keeps the balance current: no time beside it. When the
  // connection drops on this screen, the balance was current until then, and says so.
  await expect(page.locator('.live-badge')).toHaveAttribute('data-live', 'live', { timeout: 15_000 });
  await expect(page.locator('.order-form .as-of')).toHaveCount(0);
  await page.context().setOffline(true);
  await expect(page.locator('.order-form .as-of')).toHaveText(asOfText);
  const droppedAt = Number(await page.locator('.order-form .as-of').getAttribute('data-as-of'));
  expect(Math.abs(droppedAt - Date.now())).toBeLessThan(60_000);
  await page.context().setOffline(false);
  await expect(page.locator('.order-form .as-of')).toHaveCount(0, { timeout: 15_000 });
  await page.goto('/#/pages/fund/assets');
  await expect(page.locator('.assets .as-of')).toHaveCount(0);

  // The worker's expiration records name each private URL and when it was read, in a database that outlives the cache.
  const privateRecords = () =>
    page.evaluate(async () => {
      if (!(await indexedDB.databases()).some((db) => db.name === 'workbox-expiration')) return [];
      return new Promise<string[]>((resolve) => {
        const open = indexedDB.open('workbox-expiration');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('cache-entries').objectStore('cache-entries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { cacheName: string; url: string }[]).filter((e) => e.cacheName.startsWith('brisk-private-')).map((e) => e.url));
          };
        };
      });
    });
  await expect.poll(privateRecords).toEqual(expect.arrayContaining([expect.stringMatching(/\/api\/wallet\/list\?/)]));

  // Logout wipes it, records included.
  await page.goto('/#/pages/setting/setting');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect.poll(async () => Object.keys(await cacheContents(page)).filter((name) => PRIVATE.test(name))).toEqual([]);
  await expect.poll(privateRecords).toEqual([]);

  // Signed in again, on a page the worker does not control (as after a hard reload): a 999 answer
  // (the token was revoked elsewhere) still wipes what the worker kept earlier.
  const token = await loginViaApi(request, email, PRIVATE_PASSWORD);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
  await expect.poll(async () => Object.keys(await cacheContents(page)).filter((name) => PRIVATE.test(name))).toHaveLength(1);
  // A hard reload (Shift+Reload) loads the page without its worker.
  const cdp = await page.context().newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
  expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
  expect((await request.get('/api/user/logout', { headers: { Authorization: token } })).ok()).toBe(true);
  await page.goto('/#/pages/setting/userInfo');
  // One message says why (the server's), not that one and the guard's "Please login first" stacked.
  await expect(page.locator('.toast')).toHaveText(['Your session has expired, please log in again']);
  await expect(page).toHaveURL(/#\/pages\/common\/login/, { timeout: 10_000 });
  await expect(page).toHaveURL(/redirect=%2Fpages%2Fsetting%2FuserInfo/);
  await expect.poll(async () => Object.keys(await cacheContents(page)).filter((name) => PRIVATE.test(name))).toEqual([]);
  await cdp.detach();
  expect(errors().filter(notOfflineNoise)).toEqual([]);
});

test('offline, what needs the network says so and loads by itself when it is back; lists read before say how old they are', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  await useToken(page, await loginViaApi(request));
  await page.goto('/#/');
  await waitForWorker(page);
  // Online once: the spot order list (a GET the worker keeps) and the futures screen's code.
  await page.goto('/#/pages/transaction/currency_order?tab=history');
  await expect(page.locator('.paged, .empty-state').first()).toBeVisible();
  await page.goto('/#/pages/transaction/contract_order');
  await expect(page.locator('.paged, .empty-state').first()).toBeVisible();
  await page.goto('/#/pages/transaction/contract');
  await expect(page.getByRole('form', { name: 'Open a position' })).toBeVisible();
  await page.goto('/#/');

  await page.context().setOffline(true);
  for (const path of ['/pages/transaction/currency_order?tab=history', '/pages/transaction/contract_order']) {
    await page.goto(`/#${path}`);
    await expect(page.locator('.as-of')).toHaveText(/^As of \d{4}-\d\d-\d\d \d\d:\d\d$/);
  }
  await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
  await expect(page.getByTestId('order-book')).toContainText('The order book needs the network.');
  await expect(page.locator('[data-side="bids"] button')).toHaveCount(0);
  // The balances were never read on this device: unknown, not zero.
  await expect(page.getByTestId('available')).toHaveText('--');
  // The futures terms and positions are read with POST, which nothing keeps: both say why they are
  // missing, with no Retry that cannot work and no spinner that never ends.
  await page.goto('/#/pages/transaction/contract');
  const waiting = page.getByText('You are offline. This will load when you are back online.');
  await expect(waiting).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByText('Failed to load. Please try again.')).toHaveCount(0);
  await expect(page.locator('.toast')).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(page.getByRole('form', { name: 'Open a position' })).toBeVisible({ timeout: 15_000 });
  await expect(waiting).toHaveCount(0);
  expect(errors().filter(notOfflineNoise)).toEqual([]);
});

test('the quote stream resumes by itself when the network comes back, with what traded meanwhile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const seller = await registerUser(request, `offline-seller-${stamp}@example.com`, 'offline-pass-1');
  const buyer = await registerUser(request, `offline-buyer-${stamp}@example.com`, 'offline-pass-1');
  await ops('deposit', `offline-seller-${stamp}@example.com`, 'ETH', '1', '--confirmed');
  await ops('deposit', `offline-buyer-${stamp}@example.com`, 'USDT', '1000', '--confirmed');

  await page.goto('/#/pages/market/market');
  const last = page.locator('[data-symbol="ETH/USDT"] [data-field="last"]');
  await expect(last).toHaveText(/\d/);
  await expectSocket(page, 'live');

  // Offline, a trade happens elsewhere at a price of its own.
  await page.context().setOffline(true);
  await expectSocket(page, 'offline');
  const price = `301${stamp % 10}.37`;
  const shown = `3,01${stamp % 10}.37`;
  await api(request, seller, 'POST', '/coin/trade', { symbol: 'ETH/USDT', type: 'sell', amount: '0.1', target_price: price, idempotency_key: `off-sell-${stamp}` });
  await api(request, buyer, 'POST', '/coin/trade', { symbol: 'ETH/USDT', type: 'buy', amount: '0.1', target_price: price, idempotency_key: `off-buy-${stamp}` });
  await page.waitForTimeout(1_000);
  await expect(last).not.toHaveText(shown);

  // Back online: no reload, no tap; the socket reconnects, resyncs and the row shows that trade.
  await page.context().setOffline(false);
  await expectSocket(page, 'live');
  await expect(last).toHaveText(shown, { timeout: 20_000 });
  expect(errors().filter(notOfflineNoise)).toEqual([]);
});
