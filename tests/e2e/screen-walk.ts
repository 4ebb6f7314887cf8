import type { Page } from '@playwright/test';
import { readRouteManifests } from '../../scripts/vite/route-manifests.ts';

/** Every route of section 2, from the page folders' manifests (src/app/route-manifests.ts). */
export const ROUTES = (await readRouteManifests()).routes;

/** The screens the app draws itself; routes not built yet share one placeholder screen. */
export const DRAWN_SCREENS = ROUTES.filter((route) => route.start || route.screen);

/** How long a screen may keep its loading placeholders before it is checked as it is. */
const LOADED_WITHIN_MS = 4_000;

/**
 * Opens `hash` by the app's own hash navigation and waits for its screen (`screen`, the path without
 * the query) and, up to LOADED_WITHIN_MS, for its placeholders and busy regions to go: what a walk
 * over every screen checks is the screen with its data, not its skeleton.
 */
export async function openScreen(page: Page, hash: string, screen = hash.split('?')[0]!): Promise<void> {
  await page.evaluate((value) => {
    location.hash = value;
  }, `#${hash}`);
  await page.locator(`[data-screen="${screen}"]`).waitFor({ timeout: 5_000 });
  await page
    .waitForFunction(() => !document.querySelector('#app .skeleton, #app [aria-busy="true"]'), null, { timeout: LOADED_WITHIN_MS, polling: 100 })
    .catch(() => undefined);
}
