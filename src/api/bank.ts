import type { BankCard, InternationalBankCard } from '../../contract/api/wallet.ts';
import { post, type Params } from './client.ts';
import { idempotent } from './idempotent.ts';

/** Bank cards for fiat withdrawals: /user/cash_info(_international) and /user/cash_save(_international). */

export const fetchBankCard = () => post('/user/cash_info');
export const fetchInternationalCard = () => post('/user/cash_info_international');

/** Saves (or replaces) the domestic card, or with `international` the international one. */
export const saveCardAction = (international: boolean) =>
  idempotent((p: (BankCard | InternationalBankCard) & Params) => post(international ? '/user/cash_save_international' : '/user/cash_save', p, { mask: true }));
