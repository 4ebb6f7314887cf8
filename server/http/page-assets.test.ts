// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageAssetPaths } from './page-assets.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function appDir(manifest?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'brisk-assets-'));
  dirs.push(dir);
  if (manifest !== undefined) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), manifest);
  }
  return dir;
}

describe('pageAssetPaths', () => {
  it("names every chunk's script and stylesheets of the build manifest as URL paths", () => {
    const manifest = {
      'index.html': { file: 'assets/index-a1.js', css: ['assets/boot-b2.css'], imports: ['_boot-c3.js'] },
      '_boot-c3.js': { file: 'assets/boot-c3.js' },
      'src/pages/market/market-page.tsx': { file: 'assets/market-page-d4.js', css: ['assets/market-e5.css'], isDynamicEntry: true },
      'public/logo.svg': { file: 'assets/logo-f6.svg' },
    };
    expect([...pageAssetPaths(appDir(JSON.stringify(manifest)))].sort()).toEqual([
      '/assets/boot-b2.css',
      '/assets/boot-c3.js',
      '/assets/index-a1.js',
      '/assets/market-e5.css',
      '/assets/market-page-d4.js',
    ]);
  });

  it('names nothing without a build, or with a manifest it cannot read', () => {
    expect(pageAssetPaths(appDir()).size).toBe(0);
    expect(pageAssetPaths(appDir('{not json')).size).toBe(0);
  });
});
