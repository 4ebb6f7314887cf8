import type { Page } from '@playwright/test';
import { LOCALES } from '../../contract/locales.ts';
import { expect, loginViaApi, test, useToken } from './fixtures.ts';
import { DRAWN_SCREENS, openScreen } from './screen-walk.ts';

/**
 * Every screen fits a 360 px phone (the narrowest common Android width), and a 320 px one, in every
 * language: nothing sticks out past the screen's edge, so the page never scrolls sideways (at 320 px,
 * Spanish feature labels did, before their grid's columns were allowed to shrink). Labels are drawn for English
 * first and French, Spanish, Turkish or Thai run a third longer: before this spec, home's markets
 * tabs in French pushed the whole home tab 78 px sideways. Content that scrolls sideways on purpose
 * (chips, wide tables) sits in a box that clips or scrolls, and is not counted. And every control's
 * label fits its box (a button, link, tab or header whose words are cut or spill out): a native select
 * cut "Ordre à cours limité" short on the spot form, and equal halves cut "Comprar" by 4 px.
 */

test.describe.configure({ mode: 'parallel' });
// Reduced motion: a screen slides in from 24 px to the right (styles.css), which is not overflow.
const PHONE = { width: 360, height: 740 };
const NARROW = { width: 320, height: 640 };
test.use({ viewport: PHONE, reducedMotion: 'reduce' });

/** Three languages a test, so the two workers share the nine. */
const GROUPS = [LOCALES.slice(0, 3), LOCALES.slice(3, 6), LOCALES.slice(6)];

/** The outermost elements of the app that reach past the viewport's sides, outside any box that clips or scrolls. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5);
    };
    const contained = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll('#app *')) {
      if (!sticksOut(el) || contained(el)) continue;
      if (el.parentElement && sticksOut(el.parentElement) && !contained(el.parentElement)) continue;
      const box = el.getBoundingClientRect();
      found.push(`<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    const scrolled = document.scrollingElement!.scrollWidth;
    if (scrolled > width) found.push(`the page scrolls sideways: ${scrolled} px wide`);
    return found;
  });
}

/**
 * Controls whose label does not fit their box: cut off, or spilling over what is next to it, and
 * a screen's title cut short by its ellipsis ("Historique des dépôts et …"). An inline element (a
 * link in a sentence) has no box width of its own to compare and is not counted.
 */
function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('#app :is(button, a, label, th, [role="tab"], [role="radio"], [role="columnheader"], .navbar__title)')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !el.textContent?.trim() || el.closest('.visually-hidden')) continue;
      if (el.scrollWidth > el.clientWidth + 1) found.push(`<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${el.textContent.trim().slice(0, 40)}" needs ${el.scrollWidth} px of ${el.clientWidth}`);
    }
    return found;
  });
}

for (const locales of GROUPS) {
  test(`every screen fits a 360 px and a 320 px phone in ${locales.join(', ')}`, async ({ page, request }) => {
    test.setTimeout(60_000 + locales.length * DRAWN_SCREENS.length * 6_000);
    await useToken(page, await loginViaApi(request));
    for (const lang of locales) {
      await page.goto('/#/');
      await page.evaluate((value) => localStorage.setItem('lang', value), lang);
      // A full load in the language, then the app's own hash navigation from screen to screen.
      await page.goto('about:blank');
      await page.goto('/#/');
      for (const route of DRAWN_SCREENS) {
        await test.step(`${lang} ${route.path}`, async () => {
          await openScreen(page, route.path);
          expect.soft(await overflowing(page), `${lang} ${route.path}: nothing wider than the screen`).toEqual([]);
          expect.soft(await cutLabels(page), `${lang} ${route.path}: every control's label and the title fit`).toEqual([]);
          // The narrowest phones still sold: nothing may stick out there either (labels may be cut short on purpose, a pair's name with an ellipsis).
          await page.setViewportSize(NARROW);
          // Measured once the page has taken the new width: read in between, the layout viewport
          // can still be narrower than the rows just laid out for it.
          await page.waitForFunction((width) => document.documentElement.clientWidth === width, NARROW.width);
          await page.evaluate(() => new Promise(requestAnimationFrame));
          expect.soft(await overflowing(page), `${lang} ${route.path}: nothing wider than a ${NARROW.width} px screen`).toEqual([]);
          await page.setViewportSize(PHONE);
        });
      }
    }
  });
}

test('under 320 px (a large display size or zoom) pair names and the order form stay whole', async ({ page }) => {
  // A 360 px phone at Android's largest display size lays pages out about 280 px wide.
  await page.setViewportSize({ width: 280, height: 640 });
  await page.goto('/#/pages/market/market');
  const names = page.locator('.quote-row__pair a');
  await expect(names.first()).toBeVisible();
  const cutNames = await names.evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent));
  expect(cutNames, 'pair names cut short').toEqual([]);
  expect(await overflowing(page)).toEqual([]);

  await openScreen(page, '/pages/transaction/currency?symbol=BTC/USDT');
  const price = page.getByLabel('Price (USDT)');
  await expect(price).not.toHaveValue('');
  expect(await price.evaluate((input) => input.scrollWidth <= input.clientWidth + 1), 'the price field shows its whole value').toBe(true);
  expect(await cutLabels(page)).toEqual([]);
  expect(await overflowing(page)).toEqual([]);
});
