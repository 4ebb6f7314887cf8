import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
}

/**
 * The URL paths ('/assets/boot-1a2b.js') of the scripts and stylesheets the built page loads: every
 * chunk and stylesheet in Vite's build manifest. A browser applies a response's CSP, COOP and
 * frame options to documents and workers only, so these files need none of the page's ~560 bytes
 * of such headers; a first visit to home carries a dozen of them over the phone's link. Workers
 * (sw.js, the socket worker, built apart) are not in this manifest, so they, and any file this
 * list does not name, keep the policy. Empty when there is no build or no manifest.
 */
export function pageAssetPaths(appDir: string): Set<string> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(appDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return new Set();
  }
  const paths = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) if (/\.(js|css)$/.test(file)) paths.add(`/${file}`);
  }
  return paths;
}
