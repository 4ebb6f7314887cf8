import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, SERVER_URL } from './fixtures.ts';

// The shared Chromium helpers are plain .mjs scripts; a computed specifier keeps tsc from asking for types.
interface ChromiumHelpers {
  findChromium(): string | undefined;
  chromiumArgs(): string[];
}
const chromiumModule = '../../scripts/ensure-chromium.mjs';
const { findChromium, chromiumArgs } = (await import(chromiumModule)) as ChromiumHelpers;

/** The phone of playwright.config.ts. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' } as const;

/**
 * A browser with a profile on disk, as an installed app has: service worker, Cache Storage and
 * IndexedDB persist, and Chromium does not report `in-incognito` (TOOLCHAIN pitfall 7) as it does
 * for Playwright's default contexts. close() also deletes the profile.
 */
export async function persistentPhone(playwright: PlaywrightWorkerArgs['playwright']): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'brisk-pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...PHONE,
    executablePath: findChromium(),
    args: chromiumArgs(),
    baseURL: SERVER_URL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the service worker controls `page` (it claims the page on its first install). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
}

/** Cache Storage as `cache name -> request paths (with query)`, read in the page. */
export function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      out[name] = requests.map((r) => {
        const url = new URL(r.url);
        return url.pathname + url.search;
      });
    }
    return out;
  });
}

/** The `data-socket` state the shell publishes: idle, live, reconnecting or offline. */
export const socketState = (page: Page) => page.locator('.status-banners');
export async function expectSocket(page: Page, state: string, timeout = 15_000): Promise<void> {
  await expect(socketState(page)).toHaveAttribute('data-socket', state, { timeout });
}

/**
 * A reverse proxy in front of the e2e server, for what Playwright cannot route: the browser's own
 * fetch of a worker script, and the socket a dedicated worker opens. Its /sw.js can be changed, as
 * if a new version had been deployed; its socket can be cut, as a proxy that drops websockets does
 * (what is open is closed and new ones are refused until it is let through again, while the API
 * still answers); chosen assets can fail to load, or hang unanswered, as on a flaky first visit.
 * Everything else passes through untouched.
 */
export async function testProxy(): Promise<{
  url: string;
  deploy: (extraWorkerCode: string) => void;
  cutSocket: (cut: boolean) => void;
  /** Fail each request for the assets whose names match (null: none); the result counts the GETs failed so far. */
  failAssets: (names: RegExp | null) => number;
  /** Hold each request for the assets whose names match unanswered for good (null: none); the result counts the GETs held so far. */
  stallAssets: (names: RegExp | null) => number;
  close: () => Promise<void>;
}> {
  const upstream = new URL(SERVER_URL);
  let extra = '';
  let socketCut = false;
  let failing: RegExp | null = null;
  let failed = 0;
  let stalling: RegExp | null = null;
  const held = new Set<{ destroy(): void }>();
  const isSocket = (url: string | undefined) => url?.startsWith('/socket.io/') ?? false;
  const server: Server = createServer((req, res) => {
    // Polling too: socket.io would fall back to it.
    if (socketCut && isSocket(req.url)) return void res.destroy();
    if (failing && req.url?.startsWith('/assets/') && failing.test(req.url.slice('/assets/'.length))) {
      // Counted: the fetches of the asset; the page's HEAD asking whether it is gone fails too, uncounted.
      if (req.method === 'GET') failed++;
      return void res.destroy();
    }
    if (stalling && req.method === 'GET' && req.url?.startsWith('/assets/') && stalling.test(req.url.slice('/assets/'.length))) {
      held.add(res);
      return;
    }
    const headers = { ...req.headers, host: upstream.host };
    // A 304 would let the browser keep the old script: ask for the whole file once a deploy happened.
    if (extra && req.url?.split('?')[0] === '/sw.js') {
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
      // The server sends its precompressed .br when asked; the proxy appends to plain text.
      delete headers['accept-encoding'];
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (req.url?.split('?')[0] === '/sw.js' && extra && answer.statusCode === 200) {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat([Buffer.concat(chunks), Buffer.from(`\n${extra}\n`)]);
            const headers = { ...answer.headers, 'content-length': String(body.length) };
            delete headers['content-encoding'];
            res.writeHead(200, headers).end(body);
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // Upgraded sockets leave the HTTP server's books: track them so close() can end them.
  const tunnels = new Set<{ destroy(): void }>();
  server.on('upgrade', (req, socket, head) => {
    if (socketCut && isSocket(req.url)) return void socket.destroy();
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    const target = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${k === 'host' ? upstream.host : v}`)];
      target.write(lines.join('\r\n') + '\r\n\r\n');
      target.write(head);
      socket.pipe(target).pipe(socket);
    });
    target.on('error', () => socket.destroy());
    socket.on('error', () => target.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: (code) => {
      extra = code;
    },
    cutSocket: (cut) => {
      socketCut = cut;
      if (cut) for (const tunnel of tunnels) tunnel.destroy();
    },
    failAssets: (names) => {
      failing = names;
      return failed;
    },
    stallAssets: (names) => {
      stalling = names;
      return held.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const tunnel of tunnels) tunnel.destroy();
        for (const answer of held) answer.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Network errors while offline are the point of the offline tests; anything else is a failure. */
export const notOfflineNoise = (line: string) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|WebSocket connection/.test(line);

/** The home tab's news titles, once the list shows. */
export async function newsTitles(page: Page): Promise<string[]> {
  await expect(page.locator('.news-list li').first()).toBeVisible();
  return page.locator('.news-list__title').allTextContents();
}

/** The shell drew the screen of `path`: its root and its nav bar title. */
export async function expectShell(page: Page, path: string, title: string): Promise<void> {
  await expect(page.locator(`[data-screen="${path}"]`)).toBeVisible();
  await expect(page.locator('header[data-navbar] h1')).toHaveText(title);
}
