// `npm run budget`: byte budgets of the built app (run `npm run build` first).
// Critical path = every script index.html runs before the first render: the code it carries inline
// (the classic head script that preloads the route and starts its first reads, and the boot module),
// plus any file a script tag of it loads and everything that imports statically, transitively
// (dynamic imports are lazy and excluded), and the CSS those chunks list.
// Sizes are gzip level 9; brotli (quality 11) is printed for information. Limits live in budgets.json;
// bytes are decimal: 35000 B means 35,000 bytes, not 35 KiB.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { ROOT } from './lib/build-state.mjs';
import { pageScripts } from './lib/page-scripts.mjs';

const DIST = join(ROOT, 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const LAZY_SHOWN = 10;

const budgets = JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8'));
if (!Number.isInteger(budgets.criticalJsGzipBytes)) {
  console.error('budget: budgets.json needs an integer "criticalJsGzipBytes"');
  process.exit(1);
}
if (!existsSync(MANIFEST)) {
  console.error('budget: dist/.vite/manifest.json is missing; run `npm run build` first (vite build with manifest: true)');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

// The critical path: every script index.html runs, inline (the route preloader in the head,
// scripts/vite/route-preload.ts; the boot chunk, which holds the entry, the start page and the
// default start catalog, scripts/vite/inline-boot.ts) or linked, with the static imports of a linked one.
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const scripts = pageScripts(html);
const inlineScripts = scripts.filter((script) => script.kind === 'inline');
const linkedFiles = scripts.filter((script) => script.kind === 'linked').map((script) => script.src.replace(/^\.?\//, ''));
if (linkedFiles.some((file) => /^[a-z][a-z\d+.-]*:|^\/\//i.test(file))) {
  console.error(`budget: index.html loads a script from another origin (${linkedFiles.join(', ')}); it cannot be measured`);
  process.exit(1);
}
const missing = linkedFiles.filter((file) => !existsSync(join(DIST, file)));
if (missing.length > 0) {
  console.error(`budget: index.html loads ${missing.join(', ')}, which the build did not emit`);
  process.exit(1);
}
// A linked file the manifest knows is a chunk with static imports; another (a plain public/ file) counts alone.
const entryKeys = linkedFiles.map((file) => Object.keys(manifest).find((key) => manifest[key].file === file)).filter(Boolean);
const plainFiles = linkedFiles.filter((file) => !Object.values(manifest).some((chunk) => chunk.file === file));
if (scripts.length === 0) {
  console.error('budget: index.html runs no script, inline or linked');
  process.exit(1);
}

/** Manifest keys reachable from `key` through static imports, the key itself first. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

function measureBytes(file, bytes) {
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}
const measure = (file) => measureBytes(file, readFileSync(join(DIST, file)));

const criticalKeys = new Set(entryKeys.flatMap((key) => [...staticClosure(key)]));
const criticalJsFiles = new Set();
const criticalCssFiles = new Set();
for (const key of criticalKeys) {
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js')) criticalJsFiles.add(chunk.file);
  for (const css of chunk.css ?? []) criticalCssFiles.add(css);
}

const n = (value) => value.toLocaleString('en-US');
function table(title, rows, totalLabel = 'total') {
  const width = Math.max(title.length, ...rows.map((row) => row.file.length), 5);
  const line = (a, b, c, d) => `${a.padEnd(width)}  ${b.padStart(9)}  ${c.padStart(9)}  ${d.padStart(9)}`;
  console.log(line(title, 'raw B', 'gzip B', 'brotli B'));
  for (const row of rows) console.log(line(row.file, n(row.raw), n(row.gzip), n(row.brotli)));
  const sum = (field) => rows.reduce((total, row) => total + row[field], 0);
  const totals = { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
  console.log(line(totalLabel, n(totals.raw), n(totals.gzip), n(totals.brotli)));
  console.log('');
  return totals;
}

const bySize = (a, b) => b.gzip - a.gzip;
console.log('Critical path of index.html (every script it runs: its inline code, and the files its script tags load with their static imports):\n');
const inlineRows = inlineScripts.map((script, at) => measureBytes(`index.html inline ${script.type} script ${at + 1}`, Buffer.from(script.code)));
for (const file of plainFiles) criticalJsFiles.add(file);
const js = table('JS', [...inlineRows, ...[...criticalJsFiles].map(measure)].sort(bySize));
if (criticalCssFiles.size > 0) table('CSS', [...criticalCssFiles].map(measure).sort(bySize));

// Everything else the build emitted as JS is lazy (dynamic imports, catalogs, routes).
// Named by their source module when they have one (a page, a catalog), so hashed names say what they are.
const lazySources = new Map();
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js') || criticalJsFiles.has(chunk.file)) continue;
  lazySources.set(chunk.file, chunk.src ?? lazySources.get(chunk.file));
}
const lazy = [...lazySources]
  .map(([file, src]) => ({ ...measure(file), file: src ? `${file} (${src})` : file }))
  .sort(bySize);
const shown = lazy.slice(0, LAZY_SHOWN);
console.log(`Largest lazy chunks (${shown.length} of ${lazy.length}; not budgeted):\n`);
table('lazy JS', shown, `top ${shown.length}`);

const limit = budgets.criticalJsGzipBytes;
const verdict = js.gzip <= limit ? 'ok' : 'OVER BUDGET';
console.log(`Critical-path JS, gzip -9: ${n(js.gzip)} B of ${n(limit)} B (decimal bytes; budgets.json criticalJsGzipBytes): ${verdict}`);
if (js.gzip > limit) {
  console.error(`budget: critical-path JS is ${n(js.gzip - limit)} B over its budget`);
  process.exit(1);
}
