import { analyze } from 'eslint-scope';
import { parse } from 'espree';
import type { Plugin, Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/** Where the inlined boot module leaves its exports for the lazy chunks (see inlineBoot). */
const BOOT_EXPORTS = '__briskBoot';

interface Node {
  type: string;
  range: [number, number];
  [key: string]: unknown;
}

const parseModule = (code: string, file: string): Node => {
  try {
    return parse(code, { ecmaVersion: 'latest', sourceType: 'module', range: true }) as unknown as Node;
  } catch (error) {
    throw new Error(`inline boot: cannot parse ${file}: ${(error as Error).message}`, { cause: error });
  }
};

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    visit(node as Node);
    for (const [key, value] of Object.entries(node)) if (key !== 'range' && value && typeof value === 'object') walk(value, visit);
  }
}

/** Applies [start, end, text] edits (non-overlapping) to `code`. */
function edit(code: string, edits: [number, number, string][]): string {
  let out = code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

const name = (node: Node): string => (node.type === 'Identifier' ? (node.name as string) : String(node.value));

/**
 * Boot's code for the page, from one parse:
 * - its `export { local as name, ... }` becomes `globalThis.__briskBoot = { name: local, ... }`. The
 *   lazy chunks read those values once, when they run, which is after boot has run: a binding that
 *   boot's functions reassign later would be read stale, so such an export fails the build;
 * - its own relative specifiers ("./x.js" beside it in assets/) become relative to the page
 *   ("./assets/x.js"): an inline module resolves them against the document. That covers its
 *   dynamic imports and the preload helper's list of files.
 */
function bootForPage(code: string, file: string, dir: string, files: Set<string>): string {
  const ast = parseModule(code, file);
  const exports = (ast.body as Node[]).filter((node) => node.type.startsWith('Export'));
  const list = exports[0];
  if (exports.length !== 1 || list?.type !== 'ExportNamedDeclaration' || list.source || list.declaration) {
    throw new Error(`inline boot: ${file} should end in one export list; found ${exports.map((node) => node.type).join(', ') || 'none'}`);
  }
  const pairs = (list.specifiers as Node[]).map((specifier) => [name(specifier.exported as Node), name(specifier.local as Node)] as const);
  const scope = analyze(ast as never, { ecmaVersion: 2022, sourceType: 'module' }).globalScope?.childScopes.find((child) => child.type === 'module');
  for (const [exported, local] of pairs) {
    const variable = scope?.set.get(local);
    if (!variable) throw new Error(`inline boot: ${file} exports ${local}, which is not declared at its top level`);
    const late = variable.references.find((reference) => reference.isWrite() && !reference.init && reference.from.variableScope !== scope);
    if (late) throw new Error(`inline boot: ${file} reassigns its export ${exported} (${local}) inside a function; lazy chunks would read it stale`);
  }
  const object = pairs.map(([exported, local]) => `${JSON.stringify(exported)}:${local}`).join(',');
  const edits: [number, number, string][] = [[list.range[0], list.range[1], `globalThis.${BOOT_EXPORTS}={${object}};`]];

  walk(ast, (node) => {
    let value: unknown;
    if (node.type === 'Literal') value = node.value;
    else if (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) value = ((node.quasis as Node[])[0]!.value as { cooked: string }).cooked;
    if (typeof value !== 'string' || !value.startsWith('./') || !files.has(dir + value.slice(2))) return;
    edits.push([node.range[0], node.range[1], JSON.stringify(`./${dir}${value.slice(2)}`)]);
  });
  return edit(code, edits);
}

/**
 * A lazy chunk's `import { a as b } from "./boot-x.js"` becomes `const { a: b } = globalThis.__briskBoot`,
 * and boot leaves the chunk's list of files to preload (`__vite__mapDeps`), renumbered: it is on the
 * page already, and has no file of its own any more.
 */
function importsFromGlobal(code: string, chunk: Chunk, bootName: string): string {
  const bootSpecifier = `./${bootName}`;
  const edits: [number, number, string][] = [];
  for (const node of parseModule(code, chunk.fileName).body as Node[]) {
    const source = (node.source as Node | null | undefined)?.value;
    if (source !== bootSpecifier) continue;
    if (node.type !== 'ImportDeclaration') throw new Error(`inline boot: ${chunk.fileName} has a ${node.type} of boot; only imports are supported`);
    const fields = (node.specifiers as Node[]).map((specifier) => {
      if (specifier.type !== 'ImportSpecifier') throw new Error(`inline boot: ${chunk.fileName} has a ${specifier.type} of boot; only named imports are supported`);
      return `${JSON.stringify(name(specifier.imported as Node))}:${name(specifier.local as Node)}`;
    });
    edits.push([node.range[0], node.range[1], fields.length ? `const{${fields.join(',')}}=globalThis.${BOOT_EXPORTS};` : '']);
  }
  let out = edit(code, edits);

  const list = /m\.f\|\|\(m\.f=(\[[^\]]*\])\)/.exec(out);
  if (list) {
    const deps = JSON.parse(list[1]!) as string[];
    const kept: string[] = [];
    const moved = deps.map((dep) => (dep === bootSpecifier ? -1 : kept.push(dep) - 1));
    out = out.replace(list[0], () => `m.f||(m.f=${JSON.stringify(kept)})`);
    out = out.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_all, indices: string) => {
      const renumbered = indices ? indices.split(',').map((at) => moved[Number(at)]!).filter((at) => at >= 0) : [];
      return `__vite__mapDeps([${renumbered.join(',')}])`;
    });
  }
  if (out.includes(bootName)) throw new Error(`inline boot: ${chunk.fileName} still names ${bootName} after the rewrite`);
  return out;
}

/** Fails when chunks import each other in a cycle: one that reads boot's exports could run before its reads. */
function assertNoCycles(chunks: Chunk[]): void {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') throw new Error(`inline boot: chunks import each other in a cycle: ${[...path, file].join(' -> ')}`);
    state.set(file, 'open');
    for (const next of byName.get(file)?.imports ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const chunk of chunks) visit(chunk.fileName, []);
}

/**
 * Puts the boot chunk (the entry and what the start screen needs, vite.config.ts) inside index.html
 * as an inline module, instead of a file asked for once the HTML has arrived. On a weak link that
 * request costs a round trip during which nothing else arrives (0.4 s at the weak-network bench's
 * RTT); inline, boot's bytes follow the HTML's on the connection already open, and the files the
 * route preloader asks for meanwhile open their connections in parallel (bench/README.md).
 *
 * An inline module has no URL, so the lazy chunks cannot import it: boot publishes its exports on
 * `globalThis.__briskBoot` and the chunks read them from there (bootForPage, importsFromGlobal).
 * Boot's file is then dropped from the build (the worker does not precache it) and from the build
 * manifest. The server allows the inline script by its hash (server/http/inline-script-hashes.ts).
 */
/** `entry`: the app's entry module (absolute); the inlined chunk must hold it. */
export function inlineBoot({ entry }: { entry: string }): Plugin {
  return {
    name: 'brisk:inline-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') throw new Error('inline boot: index.html is not in the bundle');
        let html = typeof page.source === 'string' ? page.source : new TextDecoder().decode(page.source);
        const tag = /\s*<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/.exec(html);
        const boot = tag && bundle[tag[1]!];
        if (!tag || boot?.type !== 'chunk') throw new Error("inline boot: index.html's module script is not a chunk of this build");
        if (!boot.moduleIds.includes(entry)) throw new Error(`inline boot: index.html's module script ${boot.fileName} does not hold the entry; a chunk split off boot (such as the bundler's runtime helpers) would be left behind`);
        if (boot.imports.length > 0) throw new Error(`inline boot: ${boot.fileName} imports ${boot.imports.join(', ')}; it must stand alone`);
        const dir = boot.fileName.slice(0, boot.fileName.lastIndexOf('/') + 1);
        const bootName = boot.fileName.slice(dir.length);

        const files = new Set(Object.keys(bundle));
        let code = bootForPage(boot.code, boot.fileName, dir, files);
        if (/<\/script|<!--/i.test(code)) throw new Error(`inline boot: ${boot.fileName} holds text that would end an inline script`);
        code = code.replace(/\n\/\/# sourceMappingURL=.*$/, '');

        const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk' && item !== boot);
        for (const chunk of chunks) {
          if (!chunk.code.includes(bootName)) continue;
          chunk.code = importsFromGlobal(chunk.code, chunk, bootName);
          chunk.imports = chunk.imports.filter((file) => file !== boot.fileName);
        }
        assertNoCycles(chunks);

        html = html.replace(tag[0], '');
        if (!html.includes('</body>')) throw new Error('inline boot: index.html has no </body>');
        page.source = html.replace('</body>', () => `  <script type="module">${code}</script>\n  </body>`);
        delete bundle[boot.fileName];
        delete bundle[`${boot.fileName}.map`];

        const manifest = bundle['.vite/manifest.json'];
        if (manifest?.type === 'asset') {
          const entries = JSON.parse(String(manifest.source)) as Record<string, { file: string; imports?: string[] }>;
          const key = Object.keys(entries).find((at) => entries[at]!.file === boot.fileName);
          if (key) {
            delete entries[key];
            for (const entry of Object.values(entries)) if (entry.imports) entry.imports = entry.imports.filter((at) => at !== key);
          }
          manifest.source = JSON.stringify(entries, null, 2);
        }
      },
    },
  };
}
