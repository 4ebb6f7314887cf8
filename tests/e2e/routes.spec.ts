import type { Page } from '@playwright/test';
import type { ManifestRoute } from '../../scripts/vite/route-manifests.ts';
import { ROUTES } from './screen-walk.ts';
import { collectConsoleErrors, expect, loginViaApi, test, useToken } from './fixtures.ts';

/**
 * Every route of section 2 opens as a screen of its own, without a console or page error.
 * Assertions are soft, so one run lists every broken route rather than the first one; each route is
 * a test step, named by its path.
 */

// The tests below are independent; let both workers take them (a file's tests otherwise share one worker).
test.describe.configure({ mode: 'parallel' });

const LOGIN_URL = /\/#\/pages\/common\/login(\?.*)?$/;
/** After the toast the guard waits GUARD_REDIRECT_MS (1.2 s) before going to login: "about 2 s". */
const GUARD_REDIRECT_LIMIT_MS = 2_500;
/** Time for late errors (a failed fetch, a lazy chunk) to surface before the next route. */
const SETTLE_MS = 300;

/** Splits `list` into `count` runs of about equal length, in order (a test each, for both workers). */
function split<T>(list: readonly T[], count: number): T[][] {
  const size = Math.ceil(list.length / count);
  return Array.from({ length: count }, (_, index) => list.slice(index * size, (index + 1) * size)).filter((part) => part.length > 0);
}

/** A full page load of `path` (about:blank first: a hash-only goto would not reload the document). */
async function loadFresh(page: Page, path: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`/#${path}`);
}

/** Same-document hash navigation, as the app's own links do it. */
async function openByHash(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `#${path}`);
}

test.describe('signed in as the demo user', () => {
  // Grouped by position, not by owner, so no route can fall out of the walk when owners change.
  const parts = split(ROUTES, 4);
  for (const [index, routes] of parts.entries()) {
    const title = `routes ${index + 1}/${parts.length} (${routes[0]?.path} .. ${routes.at(-1)?.path}) show their screens without errors`;
    test(title, async ({ page, request }) => {
      // Worst case per route: 5 s per failing check; a passing route takes well under a second.
      test.setTimeout(30_000 + routes.length * 15_000);
      await useToken(page, await loginViaApi(request));
      const errors = collectConsoleErrors(page);
      // After a broken route the next one starts from a fresh load, so one crash is reported once.
      let fresh = true;
      for (const route of routes) {
        await test.step(route.path, async () => {
          const before = errors().length;
          if (fresh) await loadFresh(page, route.path);
          else await openByHash(page, route.path);
          let failures = await checkScreen(page, route);
          await page.waitForTimeout(SETTLE_MS);
          if (route.protected) {
            // The guard draws the screen too, then toasts and leaves: a signed-in visit must not see it.
            // Counted now, not awaited: a retrying toHaveCount(0) would pass once the toast fades.
            const guardToasts = await page.getByText('Please login first').count();
            failures += await softCheck(async () => expect.soft(guardToasts, `${route.path}: opens signed in (no login toast)`).toBe(0));
          }
          const newErrors = errors().slice(before);
          expect.soft(newErrors, `${route.path}: console or page errors`).toEqual([]);
          fresh = failures > 0 || newErrors.length > 0;
        });
      }
    });
  }
});

test('the screen the app opens with appears in place; a screen opened from it slides in', async ({ page }) => {
  // The computed style, not getAnimations(): it says the same before and after a 0.3 s entrance ends.
  const animation = (path: string) => page.locator(`[data-screen="${path}"]`).evaluate((el) => getComputedStyle(el).animationName);
  await loadFresh(page, '/pages/common/faq');
  await expect(page.locator('[data-screen="/pages/common/faq"]')).toBeVisible();
  expect(await animation('/pages/common/faq')).toBe('none');
  await openByHash(page, '/pages/common/aboutus');
  await expect(page.locator('[data-screen="/pages/common/aboutus"]')).toBeVisible();
  expect(await animation('/pages/common/aboutus')).toBe('screen-in');
});

/** Runs soft assertions; returns how many of them failed. */
async function softCheck(assertions: () => Promise<unknown>): Promise<number> {
  const failuresBefore = test.info().errors.length;
  await assertions();
  return test.info().errors.length - failuresBefore;
}

/** Soft-checks the screen of `route`: its root, and its nav bar (or none); returns how many checks failed. */
async function checkScreen(page: Page, route: ManifestRoute): Promise<number> {
  return softCheck(async () => {
    const screen = page.locator(`[data-screen="${route.path}"]`);
    await expect.soft(screen, `${route.path}: [data-screen="${route.path}"] is visible`).toBeVisible();
    // Without its screen the nav bar checks would only repeat the failure, five seconds each.
    if (!(await screen.isVisible())) return;
    if (route.noNavBar) {
      await expect.soft(screen.locator('header[data-navbar]'), `${route.path}: draws no nav bar (noNavBar)`).toHaveCount(0);
    } else {
      const title = screen.locator('header[data-navbar] h1');
      await expect.soft(title, `${route.path}: nav bar title is visible`).toBeVisible();
      await expect.soft(title, `${route.path}: nav bar title is not empty`).toHaveText(/\S/);
    }
  });
}

test.describe('signed out', () => {
  // Two parts, so the two workers share the work (each route is a full load plus the guard's delay).
  const parts = split(
    ROUTES.filter((route) => route.protected),
    2,
  );
  for (const [index, routes] of parts.entries()) {
    test(`protected routes (part ${index + 1}/${parts.length}) say "Please login first" and go to login`, async ({ page }) => {
      test.setTimeout(30_000 + routes.length * 10_000);
      const errors = collectConsoleErrors(page);
      for (const route of routes) {
        await test.step(route.path, async () => {
          const before = errors().length;
          await loadFresh(page, route.path);
          await expect.soft(page.getByText('Please login first').first(), `${route.path}: toast "Please login first"`).toBeVisible();
          await expect
            .soft(page, `${route.path}: lands on /#/pages/common/login within ${GUARD_REDIRECT_LIMIT_MS} ms of the toast`)
            .toHaveURL(LOGIN_URL, { timeout: GUARD_REDIRECT_LIMIT_MS });
          expect.soft(errors().slice(before), `${route.path}: console or page errors`).toEqual([]);
        });
      }
    });
  }
});
