import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * `npm run soak:props`: every property test (each *.test.ts that imports fast-check) with fc.assert
 * run PROPS_RUNS times (tests/soak/fast-check-long.ts). PROPS_GROUP=pure runs the pure ones
 * (ledger rules, matching engine, each module's rules), PROPS_GROUP=server those over a real server.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const GROUPS = { pure: ['server', 'src', 'contract', 'tests/unit'], server: ['tests/server'] };
const group = (process.env.PROPS_GROUP ?? 'pure') as keyof typeof GROUPS;

function propertyFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => readFileSync(file, 'utf8').includes("from 'fast-check'"));
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: { alias: [{ find: /^fast-check$/, replacement: join(ROOT, 'tests/soak/fast-check-long.ts') }] },
    test: {
      include: GROUPS[group].flatMap(propertyFiles),
      environment: group === 'pure' ? 'jsdom' : 'node',
      testTimeout: 0,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  }),
);
