import { Trans, useLingui } from '@lingui/react/macro';
import type { RelativeTime } from '../lib/relative-time.ts';

const pluralRules = new Map<string, Intl.PluralRules>();
/**
 * Whether `count` takes the singular in the language of `tag`. Lingui's ICU plurals are not used
 * here: they format the count with `new Intl.NumberFormat` on every call, and a page's first one
 * loads ICU data (a 170 ms task at 4x CPU on the home tab's first visit). Intl.PluralRules alone
 * is cheap, and for these counts (1 to 59) the app's nine languages have only "one" and "other".
 */
function isOne(count: number, tag: string): boolean {
  let rules = pluralRules.get(tag);
  if (!rules) pluralRules.set(tag, (rules = new Intl.PluralRules(tag)));
  return rules.select(count) === 'one';
}

/** A relativeTime() result in the reader's language: "just now", "5 minutes ago", "yesterday", or the date. */
export function RelativeTimeText({ value }: { value: RelativeTime }) {
  const { t, i18n } = useLingui();
  if (typeof value === 'string') return <>{value}</>;
  if (value.kind === 'just-now') return <Trans>just now</Trans>;
  const n = String(value.count);
  // The BCP 47 tag the app activated the catalog with (app/i18n.ts).
  const one = isOne(value.count, i18n.locales?.[0] ?? i18n.locale);
  switch (value.kind) {
    case 'minutes':
      return <>{one ? t`${n} minute ago` : t`${n} minutes ago`}</>;
    case 'hours':
      return <>{one ? t`${n} hour ago` : t`${n} hours ago`}</>;
    case 'days':
      return <>{value.count === 1 ? t`yesterday` : t`${n} days ago`}</>;
  }
}
