// Finds the system Chromium (Playwright cannot download browsers here), installing Debian's package
// when it is missing and we are root. Run directly it prints the path on stdout (logs go to stderr):
//   node scripts/ensure-chromium.mjs        -> /usr/bin/chromium
// Imported, it gives ensureChromium(), findChromium() and chromiumArgs() to the e2e runner and config,
// and ensureHeadlessShell() to Lighthouse CI (the same Chromium without the desktop browser's UI).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const isRoot = () => process.getuid?.() === 0;

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH when set (it must exist), else the first system candidate; undefined when none. */
export function findChromium(env = process.env) {
  const wanted = env.CHROMIUM_PATH?.trim();
  if (wanted) {
    if (!isExecutable(wanted)) throw new Error(`CHROMIUM_PATH=${wanted} is not an executable file`);
    return wanted;
  }
  return CHROMIUM_CANDIDATES.find(isExecutable);
}

/**
 * Flags for every Chromium we start (Playwright, Lighthouse): quiet (no background traffic, no
 * updates, no sync, no first-run UI), no GPU, no QUIC. --no-sandbox only as root, where the sandbox
 * cannot start. Playwright gives each launch a fresh user-data dir itself.
 */
export function chromiumArgs() {
  return [
    ...(isRoot() ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ];
}

/**
 * Features off in every Chromium that measures the app (the benches, Lighthouse CI). The omnibox's
 * WebUI popup: Chromium 156 builds it in a renderer of its own as the first tab opens, headless too,
 * and a trace of a first visit showed it taking 2.1 s of CPU, more than the page's own renderer, on
 * this 2-core machine while the page loaded; no phone pays that for our page. TranslateUI is
 * chrome-launcher's own default (Lighthouse), kept because the last --disable-features on a command
 * line replaces the earlier ones instead of adding to them.
 */
export const MEASURED_DISABLED_FEATURES = ['TranslateUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * chromiumArgs() plus the features off for measuring. Not for Playwright's own launch: its
 * --disable-features (PaintHolding and others) would be replaced by this one.
 */
export function measuredChromiumArgs() {
  return [...chromiumArgs(), `--disable-features=${MEASURED_DISABLED_FEATURES.join(',')}`];
}

function run(command, args, log) {
  log(`ensure-chromium: running ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', process.stderr, process.stderr],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Installs a Debian package as root, or says how to when that cannot be done here. */
function installDebianPackage(pkg, what, envName, log) {
  const debian = existsSync('/etc/debian_version') && isExecutable('/usr/bin/apt-get');
  if (!debian || !isRoot()) {
    throw new Error(
      `${what} not found. ` +
        (debian ? `Install it as root: sudo apt-get update && sudo apt-get install -y ${pkg}` : 'Install it with your package manager') +
        `, or set ${envName} to its executable. (\`npx playwright install\` cannot download browsers here.)`,
    );
  }
  log(`ensure-chromium: ${what} not found; installing Debian package \`${pkg}\` (running as root)`);
  run('apt-get', ['update'], log);
  run('apt-get', ['install', '-y', pkg], log);
}

/** The Chromium path; installs Debian's `chromium` package first when none is found and we are root. */
export function ensureChromium({ log = (line) => console.error(line) } = {}) {
  const found = findChromium();
  if (found) return found;
  installDebianPackage('chromium', `Chromium (looked at CHROMIUM_PATH and ${CHROMIUM_CANDIDATES.join(', ')})`, 'CHROMIUM_PATH', log);
  const installed = findChromium();
  if (!installed) throw new Error(`apt-get installed chromium but none of ${CHROMIUM_CANDIDATES.join(', ')} exists`);
  log(`ensure-chromium: installed ${installed}`);
  return installed;
}

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The path of Debian's `chromium-headless-shell` (installed first when missing and we are root), or
 * CHROMIUM_HEADLESS_SHELL when set: the same Chromium build with no desktop browser around the page.
 * Lighthouse CI measures with it. The full browser's headless mode draws its whole window
 * offscreen, in software, on the same two cores as the page: on a first visit to Brisk its location
 * bar animates the install-app chip for about 0.6 s at 60 frames a second (every run, since every
 * run has a fresh profile), which took 240-410 ms of the browser's and the GPU process's CPU and put
 * its wait on every page task Lighthouse times (bench/README.md, session 16). A phone draws none of
 * that on the page's cores. Puppeteer's headless mode uses this shell too.
 */
export function ensureHeadlessShell({ log = (line) => console.error(line) } = {}) {
  const wanted = process.env.CHROMIUM_HEADLESS_SHELL?.trim();
  if (wanted) {
    if (!isExecutable(wanted)) throw new Error(`CHROMIUM_HEADLESS_SHELL=${wanted} is not an executable file`);
    return wanted;
  }
  if (isExecutable(HEADLESS_SHELL)) return HEADLESS_SHELL;
  installDebianPackage('chromium-headless-shell', `Chromium's headless shell (${HEADLESS_SHELL})`, 'CHROMIUM_HEADLESS_SHELL', log);
  if (!isExecutable(HEADLESS_SHELL)) throw new Error(`apt-get installed chromium-headless-shell but ${HEADLESS_SHELL} does not exist`);
  log(`ensure-chromium: installed ${HEADLESS_SHELL}`);
  return HEADLESS_SHELL;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(`ensure-chromium: ${error.message}`);
    process.exit(1);
  }
}
