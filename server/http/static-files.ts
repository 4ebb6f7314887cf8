import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The same URL answers brotli, gzip or plain bytes (preCompressed below): caches must key on it.
 * Spelled as @fastify/compress spells it: it compares case-sensitively and would add its own.
 */
const VARY = 'accept-encoding';

/**
 * Hashed build assets never change under their name: cached for a year, and never revalidated, so
 * they carry no validators (ETag, Last-Modified) and no Accept-Ranges either: about 100 bytes less
 * on each of the dozen scripts of a first visit.
 */
function immutableHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`);
  res.setHeader('Vary', VARY);
}

/** Everything else (index.html, sw.js, the manifest, icons) is revalidated, or an update would never reach installed apps. */
function revalidatedHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', VARY);
}

/** The built PWA at / (when dist/ exists). Uploaded images are not static: see upload-file-routes.ts. */
export async function registerStaticFiles(app: FastifyInstance, options: { appDir: string }): Promise<void> {
  if (!existsSync(options.appDir)) {
    app.log.warn({ appDir: options.appDir }, 'no built app: / is not served (run the build)');
    return;
  }
  // The build writes .br and .gz beside every text file (vite.config.ts): about a third of the
  // bytes on the wire at no CPU cost per request.
  const assetsDir = join(options.appDir, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      preCompressed: true,
      setHeaders: immutableHeaders,
    });
  }
  await app.register(fastifyStatic, {
    root: options.appDir,
    prefix: '/',
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: revalidatedHeaders,
  });
}
