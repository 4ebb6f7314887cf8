// @vitest-environment node
import { parse } from 'espree';
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { inlineBoot } from '../../scripts/vite/inline-boot.ts';

const ENTRY = '/app/src/main.tsx';

const chunk = (fileName: string, code: string, imports: string[] = [], moduleIds: string[] = []) =>
  ({ type: 'chunk', fileName, code, imports, moduleIds }) as unknown as Rolldown.OutputChunk;

const html = (body = '') =>
  `<!doctype html><html><head><script type="module" crossorigin src="./assets/boot-x1.js"></script></head><body><div id="app"></div>${body}</body></html>`;

/** A build's bundle: index.html, boot (holding the entry) and a lazy chunk that imports it. */
function bundle(bootCode: string, lazyCode = 'export const z=1;') {
  return {
    'index.html': { type: 'asset', fileName: 'index.html', source: html() },
    'assets/boot-x1.js': chunk('assets/boot-x1.js', bootCode, [], [ENTRY]),
    'assets/lazy-y2.js': chunk('assets/lazy-y2.js', lazyCode, ['assets/boot-x1.js']),
    'assets/other-z3.js': chunk('assets/other-z3.js', 'export const o=1;'),
    'assets/boot-x1.css': { type: 'asset', fileName: 'assets/boot-x1.css', source: 'body{}' },
    '.vite/manifest.json': {
      type: 'asset',
      fileName: '.vite/manifest.json',
      source: JSON.stringify({ '_boot-x1.js': { file: 'assets/boot-x1.js' }, 'src/lazy.tsx': { file: 'assets/lazy-y2.js', imports: ['_boot-x1.js'] } }),
    },
  } as unknown as Rolldown.OutputBundle;
}

function run(output: Rolldown.OutputBundle): Rolldown.OutputBundle {
  const hook = inlineBoot({ entry: ENTRY }).generateBundle as { handler: (options: unknown, bundle: Rolldown.OutputBundle) => void };
  hook.handler.call({}, {}, output);
  return output;
}

const source = (output: Rolldown.OutputBundle, file: string) => {
  const item = output[file]!;
  return item.type === 'asset' ? String(item.source) : item.code;
};
const inlineModule = (page: string) => /<script type="module">([\s\S]*?)<\/script>/.exec(page)?.[1];
const parses = (code: string) => parse(code, { ecmaVersion: 'latest', sourceType: 'module' });

describe('inlineBoot', () => {
  it("moves boot into index.html, publishes its exports and points its own specifiers past the page's folder", () => {
    const boot = 'let a=1;function f(){return import(`./other-z3.js`)}const l=["./lazy-y2.js","./boot-x1.css"];export{f as F,a as A,l as $};';
    const output = run(bundle(boot));
    const page = source(output, 'index.html');
    expect(page).not.toContain('src="./assets/boot-x1.js"');
    const code = inlineModule(page)!;
    expect(code).toContain('globalThis.__briskBoot={"F":f,"A":a,"$":l};');
    expect(code).toContain('import("./assets/other-z3.js")');
    expect(code).toContain('["./assets/lazy-y2.js","./assets/boot-x1.css"]');
    expect(() => parses(code)).not.toThrow();
    expect(page.indexOf('<div id="app">')).toBeLessThan(page.indexOf('<script type="module">'));
    expect(output['assets/boot-x1.js']).toBeUndefined();
    expect(JSON.parse(source(output, '.vite/manifest.json'))).toEqual({ 'src/lazy.tsx': { file: 'assets/lazy-y2.js', imports: [] } });
  });

  it("has the lazy chunks read boot's exports from the page and leaves boot out of their preload lists, renumbered", () => {
    const lazy =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["./other-z3.js","./boot-x1.js","./boot-x1.css"])))=>i.map(i=>d[i]);' +
      'import{F as e,A as t}from"./boot-x1.js";import{o as n}from"./other-z3.js";' +
      'export const g=()=>e(()=>import("./other-z3.js"),__vite__mapDeps([0,1,2]))+t+n;export const h=()=>__vite__mapDeps([1]);';
    const output = run(bundle('let a=1;function f(){}export{f as F,a as A};', lazy));
    const code = source(output, 'assets/lazy-y2.js');
    expect(code).toContain('const{"F":e,"A":t}=globalThis.__briskBoot;');
    expect(code).toContain('import{o as n}from"./other-z3.js"');
    expect(code).toContain('m.f=["./other-z3.js","./boot-x1.css"]');
    expect(code).toContain('__vite__mapDeps([0,1])');
    expect(code).toContain('__vite__mapDeps([])');
    expect(code).not.toContain('boot-x1.js');
    expect((output['assets/lazy-y2.js'] as Rolldown.OutputChunk).imports).toEqual([]);
    expect(() => parses(code)).not.toThrow();
  });

  it('allows an export assigned at the top level, which runs before any lazy chunk', () => {
    expect(() => run(bundle('let a;a=2;var b=function(){};export{a as A,b as B};'))).not.toThrow();
  });

  it('fails the build on an export that a function reassigns later: a lazy chunk would keep the old value', () => {
    expect(() => run(bundle('let a=1;function set(v){a=v}export{a as A,set as S};'))).toThrow(/reassigns its export A \(a\)/);
  });

  it('fails the build when the inlined chunk does not hold the entry, or imports another chunk', () => {
    const split = bundle('export{};');
    (split['assets/boot-x1.js'] as Rolldown.OutputChunk).moduleIds = ['\0rolldown/runtime.js'];
    expect(() => run(split)).toThrow(/does not hold the entry/);
    const importing = bundle('import"./other-z3.js";export{};');
    (importing['assets/boot-x1.js'] as Rolldown.OutputChunk).imports = ['assets/other-z3.js'];
    expect(() => run(importing)).toThrow(/must stand alone/);
  });

  it('fails the build on text that would end the inline script early', () => {
    expect(() => run(bundle('const s="</script>";export{s as S};'))).toThrow(/would end an inline script/);
  });

  it('fails the build when chunks that read boot import each other in a cycle', () => {
    const output = bundle('export{};');
    (output['assets/other-z3.js'] as Rolldown.OutputChunk).imports = ['assets/lazy-y2.js'];
    (output['assets/lazy-y2.js'] as Rolldown.OutputChunk).imports = ['assets/other-z3.js'];
    expect(() => run(output)).toThrow(/cycle/);
  });
});
