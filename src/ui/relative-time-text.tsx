import { Trans, useLingui } from '@lingui/react/macro';
import type { RelativeTime } from '../lib/relative-time.ts';

/**
 * Whether `count` takes the singular. Lingui's ICU plurals are not used here: they format the count
 * with `new Intl.NumberFormat` on every call, and a page's first one loads ICU data (a 170 ms task
 * at 4x CPU on the home tab's first visit); a first Intl.PluralRules still cost 4 ms of the home
 * tab's news task on this machine (17 ms at 4x). The counts shown (5-59 minutes, 1-23 hours, 2-30
 * days) need none: English, French, Spanish and Turkish take the singular at 1 only (French also at
 * 0, never shown), and the other five languages have one form, which their catalogs give both texts.
 */
const isOne = (count: number): boolean => count === 1;

/** A relativeTime() result in the reader's language: "just now", "5 minutes ago", "yesterday", or the date. */
export function RelativeTimeText({ value }: { value: RelativeTime }) {
  const { t } = useLingui();
  if (typeof value === 'string') return <>{value}</>;
  if (value.kind === 'just-now') return <Trans>just now</Trans>;
  const n = String(value.count);
  const one = isOne(value.count);
  switch (value.kind) {
    case 'minutes':
      return <>{one ? t`${n} minute ago` : t`${n} minutes ago`}</>;
    case 'hours':
      return <>{one ? t`${n} hour ago` : t`${n} hours ago`}</>;
    case 'days':
      return <>{value.count === 1 ? t`yesterday` : t`${n} days ago`}</>;
  }
}
