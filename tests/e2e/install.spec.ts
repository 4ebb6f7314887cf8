import { collectConsoleErrors, expect, test } from './fixtures.ts';
import { persistentPhone, waitForWorker } from './pwa-helpers.ts';

/**
 * Installability is no Lighthouse category any more (TOOLCHAIN pitfall 9): Chromium itself says
 * whether the app can be installed, through CDP, in a profile on disk (pitfall 7: Playwright's
 * default contexts are incognito and always report `in-incognito`).
 */

test('Chromium finds the app installable, and the download page offers its install prompt', async ({ playwright }) => {
  test.setTimeout(60_000);
  const phone = await persistentPhone(playwright);
  const { context, page } = phone;
  try {
    const errors = collectConsoleErrors(page);
    await page.goto('/#/');
    await waitForWorker(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors: manifestErrors, parsed } = await cdp.send('Page.getAppManifest', {});
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifestErrors).toEqual([]);
    expect(parsed).toBeTruthy();
    await cdp.detach();

    // The browser's offer was kept (beforeinstallprompt): the download page turns it into a button.
    await page.goto('/#/pages/download/index');
    await expect(page.locator('header[data-navbar] h1')).toHaveText('Install app');
    await expect(page.locator('[data-install-state]')).toHaveAttribute('data-install-state', 'prompt', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Install app' })).toBeEnabled();
    expect(errors()).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('without an install prompt, the download page explains Add to Home Screen; settings link to it', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/#/pages/setting/setting');
  await page.getByRole('link', { name: 'Install app' }).click();
  await expect(page).toHaveURL(/#\/pages\/download\/index$/);
  // An incognito context gets no beforeinstallprompt, as Safari and Firefox never send one.
  await expect(page.locator('[data-install-state]')).toHaveAttribute('data-install-state', 'manual');
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await expect(page.getByText('Add it to your home screen')).toBeVisible();
  await expect(page.getByText(/tap Share, then Add to Home Screen/)).toBeVisible();
  await expect(page.getByText(/open the browser menu ⋮, then Install app or Add to Home screen/)).toBeVisible();
  expect(errors()).toEqual([]);
});
