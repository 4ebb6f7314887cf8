import { atom } from 'nanostores';
import type { Coin, SiteConfig } from '../../contract/api/content.ts';
import { ACCOUNT_TYPES } from '../../contract/account-types.ts';

export const $siteName = atom('Brisk');
export const $siteConfig = atom<SiteConfig | null>(null);
export const $coins = atom<Coin[]>([]);
/** Fund account types of section 3 (1 legal, 2 coin, 3 lever, 4 options). */
export const $accountTypes = atom(ACCOUNT_TYPES);
