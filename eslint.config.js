// ESLint 10 flat config with typescript-eslint 8, deliberately NOT type-aware: no parserOptions.project,
// so `npm run lint` stays fast. Types are checked by `npm run typecheck`; import direction by
// dependency-cruiser (.dependency-cruiser.cjs). Money-as-float is not lintable; review catches it.
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

// ESLint's own recommended set without @eslint/js (not a dependency here): the core rules whose
// metadata marks them recommended, which is exactly what @eslint/js's `recommended` lists.
const coreRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
);

const TS_FILES = ['{src,server,contract,sw,tests,scripts,bench}/**/*.{ts,tsx,mts,cts}', '*.ts'];
const JS_FILES = ['**/*.{js,mjs,cjs}'];

// Node globals for plain JS scripts and configs (TS files leave undefined names to the compiler).
const nodeGlobals = Object.fromEntries(
  [
    'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'AbortController', 'performance',
    'structuredClone', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate',
    'queueMicrotask', 'TextEncoder', 'TextDecoder',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = { module: 'writable', exports: 'writable', require: 'readonly', __dirname: 'readonly', __filename: 'readonly' };

export default defineConfig(
  // Build output, installed packages, Lingui's compiled catalogs (`lingui compile --typescript`
  // writes locales/<locale>/messages.ts) and reports.
  globalIgnores([
    'dist/**',
    '**/node_modules/**',
    'locales/**/*.ts',
    'locales/**/*.js',
    'coverage/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
    '.lighthouseci/**',
    '.tmp/**',
    'dev-dist/**',
  ]),
  {
    files: JS_FILES,
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: nodeGlobals },
    rules: coreRecommended,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
  },
  {
    files: TS_FILES,
    extends: [{ rules: coreRecommended }, ...tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // `_`-prefixed names are deliberately unused (positional parameters, discarded tuple slots).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
