import { FUND_ACCOUNTS, FUND_ACCOUNT_IDS, type FundAccount, type WalletOverview } from '../../../contract/api/wallet.ts';

/** The accounts money can be moved between: those with a wire id (1 fiat ... 4 options). */
export const TRANSFER_ACCOUNTS: readonly FundAccount[] = FUND_ACCOUNTS.filter((a) => FUND_ACCOUNT_IDS[a] !== undefined);

export const isFundAccount = (v: string | null): v is FundAccount => v !== null && (FUND_ACCOUNTS as readonly string[]).includes(v);

/** What is available of a currency in an account, "0" when the account holds none. */
export function availableIn(overview: WalletOverview, account: FundAccount, currencyId: number): string {
  const view = overview.accounts.find((a) => a.account === account);
  return view?.balances.find((b) => b.currency_id === currencyId)?.available ?? '0';
}
