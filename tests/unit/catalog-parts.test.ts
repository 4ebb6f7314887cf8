import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { startFiles } from '../../scripts/vite/catalog-parts.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const at = (path: string) => resolve(ROOT, path);

/** A module graph as the bundler's plugin context answers for it. */
function graph(edges: Record<string, { imports?: string[]; dynamic?: string[] }>) {
  return {
    getModuleInfo: (id: string) => {
      const node = edges[id.slice(ROOT.length + 1)];
      return node ? { importedIds: (node.imports ?? []).map(at), dynamicallyImportedIds: (node.dynamic ?? []).map(at) } : null;
    },
  };
}

const OPTIONS = { entry: at('src/main.tsx'), pages: at('src/pages') + '/', startPages: [at('src/pages/index') + '/', at('src/pages/shared') + '/'] };

describe('the start part of the catalog', () => {
  it('follows static and lazy imports from the entry into the folders of the start page, and into no other page', () => {
    const files = startFiles(
      graph({
        'src/main.tsx': { imports: ['src/app/app.tsx', 'node_modules/preact/dist/preact.mjs'], dynamic: ['src/app/register-worker.ts'] },
        'src/app/app.tsx': { imports: ['src/app/routes.ts', 'src/ui/dialog.tsx'] },
        'src/app/routes.ts': { imports: ['src/pages/index/home-page.tsx'], dynamic: ['src/app/route-table.ts'] },
        'src/app/route-table.ts': { imports: ['src/pages/market/routes.ts', 'src/pages/index2/routes.ts'] },
        // A page folder's manifest is start code (the titles it names are the shell's); its screens are not.
        'src/pages/market/routes.ts': { dynamic: ['src/pages/market/market-page.tsx'] },
        'src/pages/index2/routes.ts': { dynamic: ['src/pages/index2/x-page.tsx'] },
        'src/pages/index/home-page.tsx': { dynamic: ['src/pages/index/market-movers.tsx'] },
        'src/pages/index/market-movers.tsx': { imports: ['src/pages/shared/use-quote.ts', 'src/ui/tabs.tsx'] },
        'src/pages/market/market-page.tsx': { imports: ['src/ui/virtual-list.tsx'] },
        'src/app/register-worker.ts': {},
      }),
      OPTIONS,
    );
    expect([...files].sort()).toEqual(
      [
        'src/main.tsx',
        'src/app/app.tsx',
        'src/app/routes.ts',
        'src/app/route-table.ts',
        'src/pages/market/routes.ts',
        'src/pages/index2/routes.ts',
        'src/app/register-worker.ts',
        'src/ui/dialog.tsx',
        'src/pages/index/home-page.tsx',
        'src/pages/index/market-movers.tsx',
        'src/pages/shared/use-quote.ts',
        'src/ui/tabs.tsx',
      ].sort(),
    );
  });

  it('fails the build when the start page cannot be reached', () => {
    expect(() => startFiles(graph({ 'src/main.tsx': {} }), OPTIONS)).toThrow(/nothing under/);
  });
});
