/** Fund account types of section 3, by the ids the wire uses. */
export const ACCOUNT_TYPES = [
  { id: 1, key: 'legal' },
  { id: 2, key: 'change' },
  { id: 3, key: 'lever' },
  { id: 4, key: 'micro' },
] as const;

export type AccountTypeId = (typeof ACCOUNT_TYPES)[number]['id'];
