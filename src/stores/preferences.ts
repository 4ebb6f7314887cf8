import { persistentAtom } from './persistent.ts';

const isFlag = (v: string): v is '1' | '0' => v === '1' || v === '0';

/** "Stay logged in" from settings: decides how long the next session lasts. */
export const $stayLoggedIn = persistentAtom<'1' | '0'>('stay_logged_in', '1', isFlag);

const isAreaCode = (v: string): v is string => /^\d{1,4}$/.test(v);
/** The dialling code last picked on the area page, used by mobile sign-in and sign-up. */
export const $areaCode = persistentAtom<string>('area_code', '86', isAreaCode);

/** The assets screen's "hide small balances" switch. */
export const $hideSmallBalances = persistentAtom<'1' | '0'>('hide_small_balances', '0', isFlag);
