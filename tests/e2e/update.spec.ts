import type { Page } from '@playwright/test';
import { collectConsoleErrors, expect, test } from './fixtures.ts';
import { testProxy, waitForWorker } from './pwa-helpers.ts';

/**
 * Updates in a real Chromium with the real service worker (sw/sw.ts) and the real server: a new
 * version is announced and applied only when the user accepts it, and after an update a chunk of
 * the old build that fails to load reloads the page once instead of breaking it.
 */
test('a new version is announced and takes over only when the user accepts it', async ({ page }) => {
  test.setTimeout(90_000);
  const proxy = await testProxy();
  try {
    const errors = collectConsoleErrors(page);
    await page.goto(`${proxy.url}/#/pages/common/faq`);
    await waitForWorker(page);
    await expect(page.getByText('A new version is ready.')).toHaveCount(0);

    // Deploy: a worker that also answers which version it is.
    proxy.deploy(
      "self.addEventListener('message', (e) => { if (e.data && e.data.type === 'VERSION') e.ports[0].postMessage('v2'); });",
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByText('A new version is ready.')).toBeVisible({ timeout: 20_000 });

    // Not accepted yet: the old worker stays in control, the new one waits.
    await page.waitForTimeout(1_500);
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: !!registration?.waiting, controllerIsActive: navigator.serviceWorker.controller?.scriptURL === registration?.active?.scriptURL };
    });
    expect(waiting).toEqual({ waiting: true, controllerIsActive: true });
    expect(await askVersion(page)).toBe('none');

    // Accepted: one reload, onto the new worker. The version is asked only once the page has
    // reloaded: a message to the outgoing worker while the new one activates holds the activation
    // (Chromium 156 kept the new worker waiting for as long as the test watched), and the app
    // itself sends the outgoing worker nothing after the tap.
    let loads = 0;
    page.on('load', () => (loads += 1));
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    await expect.poll(() => askVersion(page), { timeout: 20_000 }).toBe('v2');
    await expect(page.getByText('A new version is ready.')).toHaveCount(0);
    await expect(page.locator('[data-screen="/pages/common/faq"]')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(loads).toBe(1);
    expect(errors()).toEqual([]);
  } finally {
    await proxy.close();
  }
});

/** Asks the controlling worker its version: 'v2' from the deployed one, 'none' when it does not answer. */
function askVersion(page: Page): Promise<string> {
  // During the reload the page has no context to evaluate in: ask again on the next poll.
  return page
    .evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve('no controller');
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        setTimeout(() => resolve('none'), 1_000);
        controller.postMessage({ type: 'VERSION' }, [channel.port2]);
      }),
    )
    .catch(() => 'reloading');
}

test.describe('a lazy chunk that fails to load', () => {
  // Without a worker the page's own requests can be made to fail, as after a deploy removed them.
  test.use({ serviceWorkers: 'block' });

  test('reloads the page once, and a second failure shows the load error instead of looping', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.locator('.news-list li').first()).toBeVisible();

    // The server no longer has the page's chunk (a deploy), until the reload gets the new build
    // (counted by its document request: the reloaded page asks for the chunk before its load event).
    let loads = 0;
    page.on('load', () => (loads += 1));
    let reloaded = false;
    page.on('request', (request) => request.isNavigationRequest() && (reloaded = true));
    await page.route(/\/assets\/faq-page-[\w-]+\.js$/, (route) => (reloaded ? route.continue() : route.fulfill({ status: 404, body: 'gone' })));
    await page.evaluate(() => (location.hash = '#/pages/common/faq'));
    await expect(page.locator('.faq__item').first()).toBeVisible({ timeout: 15_000 });
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('brisk:chunk-reload-at'))).toMatch(/^\d+$/);

    // Still broken after the reload (within the guard time): the error with Retry, and no reload.
    await page.route(/\/assets\/text-pages-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.evaluate(() => (location.hash = '#/pages/common/aboutus'));
    await expect(page.getByText('This page could not be loaded.')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(loads).toBe(1);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('a chunk the network lost shows the load error with Retry, and no reload', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.locator('.news-list li').first()).toBeVisible();
    let loads = 0;
    page.on('load', () => (loads += 1));
    const faqChunk = /\/assets\/faq-page-[\w-]+\.js$/;
    await page.route(faqChunk, (route) => route.abort('connectionreset'));
    await page.evaluate(() => (location.hash = '#/pages/common/faq'));
    await expect(page.getByText('This page could not be loaded.')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(loads).toBe(0);
    // Its one reload is kept for a build that really changed.
    expect(await page.evaluate(() => sessionStorage.getItem('brisk:chunk-reload-at'))).toBeNull();
    await page.unroute(faqChunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.faq__item').first()).toBeVisible({ timeout: 15_000 });
  });

  test('a chunk whose fetch hangs unanswered offers Retry after 15 s, and the reload opens the screen', async ({ page }) => {
    test.setTimeout(60_000);
    // A real hung connection (a proxy that never answers), not an intercepted request: what matters
    // is what Chromium does with a second fetch of the same URL.
    const proxy = await testProxy();
    try {
      await page.goto(`${proxy.url}/#/`);
      await expect(page.locator('.news-list li').first()).toBeVisible();
      let loads = 0;
      page.on('load', () => (loads += 1));
      const faqChunk = /^faq-page-[\w-]+\.js/;
      proxy.stallAssets(faqChunk);
      await page.evaluate(() => (location.hash = '#/pages/common/faq'));
      await expect.poll(() => proxy.stallAssets(faqChunk), { timeout: 10_000 }).toBe(1);
      // That request stays unanswered; the next one is let through.
      proxy.stallAssets(null);
      const stalled = page.getByText('This page is taking a long time to load.');
      await page.waitForTimeout(3_000);
      await expect(stalled).toHaveCount(0);
      await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
      // CHUNK_STALL_MS (15 s) after the screen asked for it.
      await expect(stalled).toBeVisible({ timeout: 15_000 });
      expect(loads).toBe(0);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('.faq__item').first()).toBeVisible({ timeout: 15_000 });
      expect(loads).toBe(1);
      await expect(stalled).toHaveCount(0);
    } finally {
      await proxy.close();
    }
  });

  test("home's markets block whose chunk hangs keeps its place, offers Retry after 15 s, and the reload brings it", async ({ page }) => {
    test.setTimeout(60_000);
    const proxy = await testProxy();
    try {
      const moversChunk = /^market-movers-[\w-]+\.js/;
      proxy.stallAssets(moversChunk);
      // Counted by DOMContentLoaded: the hung chunk holds the load event back for good.
      let loads = 0;
      page.on('domcontentloaded', () => (loads += 1));
      await page.goto(`${proxy.url}/#/`, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('.news-list li').first()).toBeVisible();
      await expect.poll(() => proxy.stallAssets(moversChunk), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      proxy.stallAssets(null);
      const stalled = page.getByText('This page is taking a long time to load.');
      await expect(stalled).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('market-movers')).toHaveCount(0);
      expect(loads).toBe(1);
      // Home's notice (once per device) is up by now, over the block, as a person would see it.
      const notice = page.getByRole('button', { name: 'I understand' });
      if (await notice.isVisible()) await notice.click();
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByTestId('market-movers')).toBeVisible({ timeout: 15_000 });
      expect(loads).toBe(2);
      await expect(stalled).toHaveCount(0);
    } finally {
      await proxy.close();
    }
  });

  test("home's markets block reloads onto the new build instead of vanishing", async ({ page }) => {
    // The first page runs a build whose markets chunk the server no longer has; the reload gets the new one.
    let loads = 0;
    page.on('domcontentloaded', () => (loads += 1));
    let refused = 0;
    await page.route(/\/assets\/market-movers-[\w-]+\.js$/, (route) => {
      if (loads > 1) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto('/#/');
    await expect(page.getByTestId('market-movers')).toBeVisible({ timeout: 15_000 });
    expect(refused).toBeGreaterThan(0);
    expect(loads).toBe(2);
    expect(failures).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('brisk:chunk-reload-at'))).toMatch(/^\d+$/);
  });
});
