import { FUND_ACCOUNT_IDS, FUND_ACCOUNTS, type FundAccount } from '../../contract/api/wallet.ts';

/** A fund account as a form names it: its id (1 legal ... 4 micro) or its name ("change"). */
export function parseFundAccount(raw: string | undefined): FundAccount | null {
  if (raw === undefined) return null;
  const text = raw.trim().toLowerCase();
  const byName = FUND_ACCOUNTS.find((name) => name === text);
  if (byName) return byName;
  const byId = (Object.entries(FUND_ACCOUNT_IDS) as [FundAccount, number][]).find(([, id]) => String(id) === text);
  return byId ? byId[0] : null;
}

export const fundAccountTypeId = (account: FundAccount): number => FUND_ACCOUNT_IDS[account] ?? 0;
