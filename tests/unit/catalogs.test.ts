// @vitest-environment node
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatter } from '@lingui/format-po';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/locales.ts';
import { mayEqualEnglish } from './catalog-allowlist.ts';

/**
 * Every message in src/ has a real translation in every locale. Extraction runs into a scratch copy
 * of locales/ (lingui.config.ts honours LINGUI_CATALOG_DIR), so the working tree is never touched.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXTRACT_TIMEOUT_MS = 120_000;

interface Entry {
  /** The English text: msgid for generated ids, the en msgstr for explicit ids. */
  source: string;
  translation: string;
}
/** id (with context) → entry, per locale. */
type Catalogs = Partial<Record<Locale, Map<string, Entry>>>;

const po = formatter({ lineNumbers: false });

async function parseCatalog(file: string, locale: Locale): Promise<Map<string, Entry>> {
  const parsed = await po.parse(await readFile(file, 'utf8'), { locale, sourceLocale: DEFAULT_LOCALE, filename: file });
  const entries = new Map<string, Entry>();
  for (const [id, message] of Object.entries(parsed)) {
    if (message.obsolete) continue;
    // Generated ids keep the English text as msgid; explicit ids keep it only in the en msgstr.
    entries.set(id, { source: message.message ?? '', translation: message.translation ?? '' });
  }
  return entries;
}

/** Every problem, one line each; empty when the catalogs are complete. */
function catalogProblems(catalogs: Catalogs): string[] {
  const en = catalogs[DEFAULT_LOCALE];
  if (!en) return [`${DEFAULT_LOCALE}: catalog missing`];
  const problems: string[] = [];
  for (const [id, { source, translation }] of en) {
    const explicitId = source === '';
    const english = explicitId ? translation : source;
    const label = explicitId ? `${id} (${JSON.stringify(english)})` : JSON.stringify(english);
    if (explicitId && translation === '') problems.push(`en: ${label} has no English text`);
    if (!explicitId && translation !== '' && translation !== source) {
      problems.push(`en: ${label} has msgstr ${JSON.stringify(translation)}; en must be the msgid itself`);
    }
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue;
      const catalog = catalogs[locale];
      if (!catalog) continue;
      const entry = catalog.get(id);
      if (!entry) problems.push(`${locale}: ${label} is missing`);
      else if (entry.translation === '') problems.push(`${locale}: ${label} is not translated (empty msgstr)`);
      else if (entry.translation === english && !mayEqualEnglish(english, locale)) {
        problems.push(`${locale}: ${label} is the English text (add it to tests/unit/catalog-allowlist.ts only if that is right)`);
      }
    }
  }
  for (const locale of LOCALES) if (!catalogs[locale]) problems.push(`${locale}: catalog missing`);
  return problems;
}

const e = (source: string, translation: string): Entry => ({ source, translation });
const complete = (fr: Map<string, Entry>): Catalogs =>
  Object.fromEntries(LOCALES.map((l) => [l, l === 'en' ? new Map([['a', e('Hello', 'Hello')], ['b', e('BTC', '')], ['c', e('{0} / {1}', '')]]) : fr]));

describe('catalogProblems', () => {
  const good = new Map([['a', e('Hello', 'Bonjour')], ['b', e('BTC', 'BTC')], ['c', e('{0} / {1}', '{0} / {1}')]]);

  it('passes complete catalogs, allowing symbols and placeholder-only messages to stay English', () => {
    expect(catalogProblems(complete(good))).toEqual([]);
  });

  it('reports a missing message, an empty msgstr and a copied English text in each locale', () => {
    expect(catalogProblems(complete(new Map([['b', e('BTC', 'BTC')], ['c', e('{0} / {1}', '')]])))).toContain('fra: "Hello" is missing');
    expect(catalogProblems(complete(new Map([...good, ['a', e('Hello', '')]])))).toContain('trq: "Hello" is not translated (empty msgstr)');
    const copied = catalogProblems(complete(new Map([...good, ['a', e('Hello', 'Hello')]])));
    expect(copied.filter((p) => p.includes('"Hello" is the English text'))).toHaveLength(LOCALES.length - 1);
    expect(catalogProblems(complete(new Map([...good, ['c', e('{0} / {1}', '')]])))).toContain('zh: "{0} / {1}" is not translated (empty msgstr)');
  });

  it('reports an en msgstr that differs from its msgid, and explicit ids without English text', () => {
    const catalogs = complete(good);
    catalogs.en = new Map([...catalogs.en!, ['a', e('Hello', 'Hi')], ['x.id', e('', '')]]);
    const problems = catalogProblems(catalogs);
    expect(problems).toContain('en: "Hello" has msgstr "Hi"; en must be the msgid itself');
    expect(problems).toContain('en: x.id ("") has no English text');
  });

  it('reports a locale whose catalog is missing', () => {
    const catalogs = complete(good);
    delete catalogs.kor;
    expect(catalogProblems(catalogs)).toEqual(['kor: catalog missing']);
  });
});

describe('translation catalogs', () => {
  let scratch = '';
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it(
    'have a translation for every message in src/ in all 9 locales',
    async () => {
      scratch = await mkdtemp(join(tmpdir(), 'brisk-catalogs-'));
      await cp(join(ROOT, 'locales'), scratch, { recursive: true });
      await promisify(execFile)('npx', ['lingui', 'extract', '--clean'], {
        cwd: ROOT,
        env: { ...process.env, LINGUI_CATALOG_DIR: scratch },
        timeout: EXTRACT_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      });

      const catalogs: Catalogs = {};
      for (const locale of LOCALES) {
        const file = join(scratch, locale, 'messages.po');
        catalogs[locale] = await parseCatalog(file, locale).catch(() => undefined);
      }
      expect(LOCALES.filter((l) => catalogs[l]), 'catalogs found after extraction').toEqual([...LOCALES]);

      // An empty catalog passes only when src/ really has no messages: no file uses a Lingui macro.
      const messageCount = catalogs[DEFAULT_LOCALE]!.size;
      if (messageCount === 0) expect(await filesUsingLinguiMacros(join(ROOT, 'src'))).toEqual([]);

      const problems = catalogProblems(catalogs);
      expect(problems, `${problems.length} catalog problems in ${messageCount} messages:\n${problems.join('\n')}\n`).toEqual([]);
    },
    EXTRACT_TIMEOUT_MS,
  );
});

async function filesUsingLinguiMacros(dir: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (/from ['"]@lingui\/(core|react)\/macro['"]/.test(await readFile(file, 'utf8'))) hits.push(file);
  }
  return hits;
}
