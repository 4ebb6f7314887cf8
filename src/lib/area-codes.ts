/** Dialling codes by ISO 3166 region; names come from Intl.DisplayNames in the user's language. */
export const AREA_CODES: readonly (readonly [region: string, code: string])[] = [
  ['CN', '86'], ['HK', '852'], ['MO', '853'], ['TW', '886'], ['US', '1'], ['CA', '1'], ['GB', '44'],
  ['JP', '81'], ['KR', '82'], ['TH', '66'], ['VN', '84'], ['SG', '65'], ['MY', '60'], ['ID', '62'],
  ['PH', '63'], ['IN', '91'], ['PK', '92'], ['BD', '880'], ['AE', '971'], ['SA', '966'], ['TR', '90'],
  ['FR', '33'], ['DE', '49'], ['ES', '34'], ['IT', '39'], ['NL', '31'], ['PT', '351'], ['RU', '7'],
  ['UA', '380'], ['PL', '48'], ['CH', '41'], ['AU', '61'], ['NZ', '64'], ['BR', '55'], ['MX', '52'],
  ['AR', '54'], ['CO', '57'], ['CL', '56'], ['PE', '51'], ['NG', '234'], ['ZA', '27'], ['EG', '20'],
  ['KE', '254'], ['MA', '212'],
];

/** The region's name in `localeTag`, falling back to the region code where Intl lacks names. */
export function regionName(region: string, localeTag: string): string {
  try {
    return new Intl.DisplayNames([localeTag], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
