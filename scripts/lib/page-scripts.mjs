// The scripts an HTML page runs, as `npm run budget` counts them (scripts/budget.mjs).

/** Script types a browser runs: none given, a JavaScript MIME type, or a module. Data blocks (JSON, templates) are not run. */
const RUN_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

/**
 * Every script element of `html` that the browser runs: `{ kind: 'inline', type, code }` for one
 * written in the page (classic or module), `{ kind: 'linked', type, src }` for one it fetches.
 * `type` is 'module' or 'classic'.
 */
export function pageScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1];
    const typeValue = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUN_TYPES.test(typeValue.trim())) continue;
    const type = typeValue.toLowerCase() === 'module' ? 'module' : 'classic';
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (src) scripts.push({ kind: 'linked', type, src });
    else scripts.push({ kind: 'inline', type, code: match[2] });
  }
  return scripts;
}
