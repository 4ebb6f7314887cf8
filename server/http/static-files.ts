import { existsSync } from 'node:fs';
import { basename, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Hashed build assets never change under their name: cache for a year. Everything else (index.html,
 * sw.js, the manifest, icons) must be revalidated, or an update would never reach installed apps.
 */
function appCacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  const immutable = path.includes(`${sep}assets${sep}`) && !['index.html', 'sw.js'].includes(basename(path));
  res.setHeader('Cache-Control', immutable ? `public, max-age=${YEAR_S}, immutable` : 'no-cache');
  // The same URL answers brotli, gzip or plain bytes (preCompressed below): caches must key on it.
  res.setHeader('Vary', 'Accept-Encoding');
}

/** The built PWA at / (when dist/ exists) and uploaded images at /uploads/. */
export async function registerStaticFiles(app: FastifyInstance, options: { appDir: string; uploadsDir: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Names are random and never reused, so a year is safe; nosniff stops a browser second-guessing the type.
    setHeaders: (res) => {
      res.setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  if (!existsSync(options.appDir)) {
    app.log.warn({ appDir: options.appDir }, 'no built app: / is not served (run the build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.appDir,
    prefix: '/',
    decorateReply: false,
    cacheControl: false,
    // The build writes .br and .gz beside every text file (vite.config.ts): about a third of the
    // bytes on the wire at no CPU cost per request.
    preCompressed: true,
    setHeaders: appCacheHeaders,
  });
}
