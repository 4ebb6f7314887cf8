import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { twoTraders } from './api-helpers.ts';
import { expect, loginViaApi, test, useToken } from './fixtures.ts';
import { DRAWN_SCREENS, openScreen } from './screen-walk.ts';

/**
 * Every screen the app draws passes axe-core's WCAG 2.1 A and AA rules and its best practices, in the
 * light theme and the dark one, signed in (so the forms and lists are the real ones). Lighthouse's
 * accessibility score covers the six gate routes only. The same walk against the simulator's live
 * market found order book levels named differently from what they show, a listbox holding buttons,
 * lang="jp" on the language list, a 3.8:1 badge, links told from text by colour alone, and no <main>
 * on any screen. The e2e server runs without the simulator, so the walk's order books are empty: a
 * test of its own makes a book, a trade and an open order on one pair and checks that screen.
 */

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });

/** axe-core's own bundle, evaluated in the page through the debugging protocol (the app's CSP allows no injected <script>). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Each screen as it opens, plus states a bare route does not reach (a withdrawal with its currency chosen shows its notices and their links). */
const WALK = [...DRAWN_SCREENS.map((route) => route.path), '/pages/fund/withdraw?currency_id=1'];
const HALVES = [WALK.slice(0, Math.ceil(WALK.length / 2)), WALK.slice(Math.ceil(WALK.length / 2))];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`) }));
  }, RULE_TAGS);
}

for (const theme of ['light', 'dark'] as const) {
  for (const [index, screens] of HALVES.entries()) {
    test(`screens ${index + 1}/${HALVES.length} pass axe in the ${theme} theme`, async ({ page, request }) => {
      test.setTimeout(60_000 + screens.length * 8_000);
      await page.emulateMedia({ colorScheme: theme });
      await useToken(page, await loginViaApi(request));
      await page.goto('/#/');
      // The app follows the system's scheme by default (stores/theme.ts).
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const hash of screens) {
        await test.step(hash, async () => {
          await openScreen(page, hash);
          expect.soft(await violations(page), `${theme} ${hash}: axe violations`).toEqual([]);
        });
      }
    });
  }
}

test('sign-in and sign-up forms showing their errors pass axe, light and dark', async ({ page }) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [path, submit] of [
      ['/pages/common/login', 'Log in'],
      ['/pages/common/register', 'Sign up'],
    ] as const) {
      await test.step(`${theme} ${path}`, async () => {
        await page.goto('about:blank');
        await page.goto(`/#${path}`);
        // Sent empty: every required field says what is wrong, in the danger colour (once 4.45:1 on the page's background).
        await page.getByRole('button', { name: submit, exact: true }).click();
        await expect(page.locator('.field__error').first()).toBeVisible();
        expect.soft(await violations(page), `${theme} ${path} with errors: axe violations`).toEqual([]);
      });
    }
  }
});

test('a trading screen with a book, market trades and an open order passes axe, light and dark', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A pair no other suite trades, so its book holds only these orders.
  const symbol = 'LTC/USDT';
  const { seller, buyer, order } = await twoTraders(request, { symbol, baseAmount: '5', usdtAmount: '1000', tag: 'a11y', password: 'a11y-pass-1' });
  await order(seller, 'sell', '1', '80.5');
  await order(seller, 'sell', '0.5', '81.25');
  // Fills part of the first ask (a market trade), then rests as the buyer's open order below it.
  await order(buyer, 'buy', '0.2', '80.5');
  await order(buyer, 'buy', '0.3', '79.75');
  await useToken(page, buyer);

  for (const theme of ['light', 'dark'] as const) {
    await test.step(theme, async () => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('about:blank');
      await page.goto(`/#/pages/transaction/currency?symbol=${symbol}`);
      await expect(page.locator('[data-side="asks"] [data-price="80.5"]')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[data-side="bids"] [data-price="79.75"]')).toBeVisible();
      await page.getByRole('tab', { name: /Open orders/ }).click();
      await expect(page.getByTestId('open-orders').locator('[data-state="open"]')).toHaveCount(1);
      expect.soft(await violations(page), `${theme}: the book and an open order`).toEqual([]);
      await page.getByRole('tab', { name: 'Market trades' }).click();
      await expect(page.getByTestId('recent-trades').locator('tbody tr').first()).toBeVisible();
      expect.soft(await violations(page), `${theme}: the market trades`).toEqual([]);
    });
  }
});

test('a dialog takes focus, keeps Tab inside and gives focus back; a new screen takes focus and names the tab', async ({ page }) => {
  await page.goto('/#/pages/market/market');
  await expect(page).toHaveTitle('Market · Brisk');

  // Opened from the keyboard, as a screen-reader or switch user would.
  await page.goto('/#/pages/transaction/currency?symbol=BTC/USDT');
  await expect(page).toHaveTitle(/ · Brisk$/);
  const opener = page.getByRole('button', { name: 'BTC/USDT, choose another pair' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Choose a pair' });
  await expect(dialog).toBeVisible();
  const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  expect(await focusInDialog()).toBe(true);
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInDialog(), `focus after ${i + 1} presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // It can be closed by a control too, not only by Escape or the backdrop.
  await opener.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Following a link takes the old screen away; the new screen's title takes the focus.
  await page.goto('/#/pages/setting/setting');
  await page.getByRole('link', { name: /About us/ }).click();
  await expect(page.locator('[data-screen="/pages/common/aboutus"] h1')).toBeFocused();
  await expect(page).toHaveTitle('About us · Brisk');
});
