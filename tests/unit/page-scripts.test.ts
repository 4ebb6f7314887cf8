// @vitest-environment node
import { describe, expect, it } from 'vitest';

type Script = { kind: 'inline'; type: 'module' | 'classic'; code: string } | { kind: 'linked'; type: 'module' | 'classic'; src: string };
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const pageScriptsModule = '../../scripts/lib/page-scripts.mjs';
const { pageScripts } = (await import(/* @vite-ignore */ pageScriptsModule)) as { pageScripts(html: string): Script[] };

describe('the scripts the byte budget counts (scripts/budget.mjs)', () => {
  it('finds inline classic and module scripts and linked ones of both kinds, and skips data blocks', () => {
    const html = `<!doctype html><head><title>x</title>
      <script>(function(t){})({"a":1})</script>
      <script type="application/ld+json">{"@type":"Thing"}</script>
      <script type="text/javascript" src="./legacy.js"></script>
      <script type="module" crossorigin src="./assets/entry-1.js"></script>
      </head><body><script type="module">import "x"</script></body>`;
    expect(pageScripts(html)).toEqual([
      { kind: 'inline', type: 'classic', code: '(function(t){})({"a":1})' },
      { kind: 'linked', type: 'classic', src: './legacy.js' },
      { kind: 'linked', type: 'module', src: './assets/entry-1.js' },
      { kind: 'inline', type: 'module', code: 'import "x"' },
    ]);
  });
});
