import { collectConsoleErrors, expect, test, useToken } from './fixtures.ts';
import { ops, registerUser } from './api-helpers.ts';
import { cacheContents, expectShell, newsTitles, notOfflineNoise, persistentPhone, waitForWorker } from './pwa-helpers.ts';

/**
 * Switching language offline, in a real Chromium with the real service worker and server: a language
 * never used on the device is refused and changes nothing; one used before shows what was read in
 * the other language (sw/other-language-copy.ts); a stored language whose catalog cannot load still
 * opens the app.
 */

test('offline, a language never used on this device is refused plainly: the app stays whole in its own, and opens in it again', async ({ playwright }) => {
  test.setTimeout(90_000);
  const phone = await persistentPhone(playwright);
  const { context, page } = phone;
  try {
    const errors = collectConsoleErrors(page);
    await page.goto('/#/');
    await waitForWorker(page);
    await page.reload();
    await newsTitles(page);
    await page.goto('/#/pages/common/faq');
    await expect(page.locator('.faq__item').first()).toBeVisible();
    await page.goto('/#/pages/setting/setting');

    // French was never used here: its catalog is not on the device.
    await context.setOffline(true);
    await page.getByRole('radio', { name: 'Français' }).click();
    await expect(page.locator('.toast')).toHaveText(['You are offline. Connect to the network to download this language.']);
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Français' })).not.toBeChecked();
    await expectShell(page, '/pages/setting/setting', 'Settings');
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).toEqual(['en', null]);
    // Its reads still ask for English, which the worker kept.
    await page.goto('/#/pages/common/faq');
    await expect(page.locator('.faq__item').first()).toBeVisible();
    await expect(page.locator('.as-of')).toHaveText(/^As of /);
    // And it opens again offline, in English (a stored French would have left it on the bare boot bar).
    await page.reload();
    await expectShell(page, '/pages/common/faq', 'FAQ');
    await expect(page.locator('.faq__item').first()).toBeVisible();

    // Online, the same tap switches.
    await context.setOffline(false);
    await page.goto('/#/pages/setting/setting');
    await page.getByRole('radio', { name: 'Français' }).click();
    await expectShell(page, '/pages/setting/setting', 'Paramètres');
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).toEqual(['fr', 'fra']);

    // A stored language whose catalog cannot load (its cached copies gone: the worker's and
    // Chromium's HTTP cache's) still opens offline, in English rather than on the bare boot bar,
    // keeps the choice, and takes it once the catalog loads: here on the next screen, since after a
    // reload offline Playwright's Chromium says it is online and no 'online' event comes.
    await context.setOffline(true);
    await page.evaluate(async () => {
      const cache = await caches.open('brisk-locale-v1');
      for (const key of await cache.keys()) await cache.delete(key);
    });
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.goto('/#/pages/common/faq');
    await page.reload();
    await expectShell(page, '/pages/common/faq', 'FAQ');
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).toEqual(['en', 'fra']);
    await context.setOffline(false);
    await page.goto('/#/pages/setting/setting');
    await expectShell(page, '/pages/setting/setting', 'Paramètres');
    expect(errors().filter(notOfflineNoise)).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('switched offline to a language used before, the screens show what was read in the other one, with its time', async ({ playwright, request }) => {
  test.setTimeout(120_000);
  const phone = await persistentPhone(playwright);
  const { context, page } = phone;
  try {
    const errors = collectConsoleErrors(page);
    const email = `offline-lang-${Date.now()}@example.com`;
    await useToken(page, await registerUser(request, email, 'offline-pass-1'));
    await ops('deposit', email, 'USDT', '1234.5', '--confirmed');
    // A French speaker (home's reads and the French catalog are kept) who then turns to English online.
    await page.goto('/robots.txt');
    await page.evaluate(() => localStorage.setItem('lang', 'fra'));
    await page.goto('/#/');
    await waitForWorker(page);
    await page.reload();
    await newsTitles(page);
    await page.goto('/#/pages/setting/setting');
    await page.getByRole('radio', { name: 'English' }).click();
    await expectShell(page, '/pages/setting/setting', 'Settings');
    // Read in English only: the FAQ and the balances.
    await page.goto('/#/pages/common/faq');
    await expect(page.locator('.faq__item').first()).toBeVisible();
    const question = await page.locator('.faq__item summary').first().textContent();
    await page.goto('/#/pages/fund/assets');
    await expect(page.getByTestId('assets-total')).toHaveText('$1,234.50');
    await expect.poll(async () => (await cacheContents(page))['brisk-private-v1']?.some((url) => url.startsWith('/api/wallet/list?')) ?? false).toBe(true);

    // Offline, back to French: its catalog is on the device, so the switch happens.
    await context.setOffline(true);
    await page.goto('/#/pages/setting/setting');
    await page.getByRole('radio', { name: 'Français' }).click();
    await expectShell(page, '/pages/setting/setting', 'Paramètres');
    // The French FAQ and balances were never read: the English copies stand in, dated.
    await page.goto('/#/pages/common/faq');
    await expect(page.locator('.faq__item summary').first()).toHaveText(question ?? '');
    await expect(page.locator('.as-of')).toHaveText(/^Mis à jour\s: \d{4}-\d\d-\d\d \d\d:\d\d$/);
    await page.goto('/#/pages/fund/assets');
    await expect(page.getByTestId('assets-total')).toHaveText(/^\D*1\s234,50\D*$/);
    await expect(page.locator('.assets .as-of')).toHaveText(/^Mis à jour\s: /);
    expect(errors().filter(notOfflineNoise)).toEqual([]);
  } finally {
    await phone.close();
  }
});
