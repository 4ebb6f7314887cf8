import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CSP source expressions ('sha256-...') for the inline scripts of the built index.html: the route
 * preloader (scripts/vite/route-preload.ts) and the boot module (scripts/vite/inline-boot.ts) run
 * inline so they cost no round trip, and the policy allows exactly those texts and nothing else
 * inline. None when there is no build.
 */
export function inlineScriptHashes(appDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(join(appDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}
