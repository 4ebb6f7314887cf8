import { atom } from 'nanostores';

/** The user's display currency: `rate` is a decimal string (units per USD), `saveTime` epoch ms. */
export interface Fiat {
  currency_code: string;
  rate: string;
  saveTime: number;
}

export const DEFAULT_FIAT: Fiat = { currency_code: 'USD', rate: '1', saveTime: 0 };

export const $fiat = atom<Fiat>(DEFAULT_FIAT);
export const $fiats = atom<Fiat[]>([DEFAULT_FIAT]);
