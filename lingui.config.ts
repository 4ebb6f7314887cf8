import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './contract/locales.ts';

/** LINGUI_CATALOG_DIR lets the catalog check extract into a scratch copy instead of locales/. */
const root = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: `${root}/{locale}/messages`, include: ['src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
});
