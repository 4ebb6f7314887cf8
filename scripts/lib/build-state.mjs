// Is dist/ older than its sources? Shared by start.mjs and e2e.mjs so both rebuild under the same rule:
// rebuild when dist/index.html is missing or any build input has a later mtime.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST_INDEX = join(ROOT, 'dist', 'index.html');

/** What `vite build` reads. contract/ and lingui.config.ts count too: the app imports the contract and the catalogs. */
export const BUILD_INPUTS = ['src', 'locales', 'public', 'sw', 'contract', 'index.html', 'vite.config.ts', 'lingui.config.ts'];

/** Unit tests beside the code are not part of the bundle; editing one should not cost a rebuild. */
const NOT_BUILT = /\.test\.tsx?$/;

/** The newest file under `path` (a file or a folder), as { mtimeMs, file }; undefined when nothing is there. */
function newest(path) {
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  if (!stat.isDirectory()) return NOT_BUILT.test(path) ? undefined : { mtimeMs: stat.mtimeMs, file: path };
  let best;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    const found = newest(join(path, entry));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason() {
  if (!existsSync(DIST_INDEX)) return 'dist/index.html is missing';
  const builtMs = statSync(DIST_INDEX).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const found = newest(join(ROOT, input));
    if (found && found.mtimeMs > builtMs) return `${relative(ROOT, found.file)} is newer than dist/index.html`;
  }
  return null;
}

/** Runs `npm run build` when dist/ is stale; throws when the build fails. Returns true when it built. */
export function ensureBuilt({ log = (line) => console.error(line) } = {}) {
  const reason = staleReason();
  if (!reason) {
    log('build: dist/ is up to date, not rebuilding');
    return false;
  }
  log(`build: ${reason}; running npm run build`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
