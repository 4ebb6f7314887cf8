import { get, post } from './client.ts';
import { idempotent } from './idempotent.ts';

/** The withdrawal address book: /user/wallet/*. */

export const fetchAddresses = (page: number, limit: number) => get('/user/wallet/list', { page, limit });

export interface SaveAddress {
  [key: string]: string | number;
  currency_id: number;
  network_id: number;
  name: string;
  address: string;
}
export const saveAddressAction = () => idempotent((p: SaveAddress) => post('/user/wallet/save', p, { mask: true }));

export const deleteAddressAction = () => idempotent((p: { id: number }) => post('/user/wallet/delete', p, { mask: true }));
