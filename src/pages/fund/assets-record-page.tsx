import { useCallback, useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { FUND_ACCOUNTS, FUND_ACCOUNT_IDS, type BillEntry, type FundAccount } from '../../../contract/api/wallet.ts';
import { fetchBills } from '../../api/wallet.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { ACCOUNT_LABELS, billKindLabel } from './fund-labels.ts';
import { RecordRow } from './record-row.tsx';
import { useMoneyFormat } from './use-money-format.ts';
import { queryId, useQuery } from './use-query.ts';
import './fund.css';

const isAccount = (v: string | null): v is FundAccount => v !== null && (FUND_ACCOUNTS as readonly string[]).includes(v);
/** The accounts with a wire id, which are the ones money moves through in this release. */
const FILTER_ACCOUNTS = FUND_ACCOUNTS.filter((a) => FUND_ACCOUNT_IDS[a] !== undefined);

/** The bill of one currency in one account, opened from a balance on the assets tab. */
export function AssetsRecordPage() {
  const query = useQuery();
  const currencyId = queryId(query, 'currency_id');
  const currency = (query.get('currency') ?? '').slice(0, 16);
  const rawAccount = query.get('account');
  const account = isAccount(rawAccount) ? rawAccount : undefined;
  const { i18n } = useLingui();
  const id = currencyId ?? undefined;
  return (
    <div class="stack">
      {currency && (
        <div class="coin-head">
          <div>
            <p class="coin-head__name">{currency}</p>
            {account && <p class="muted">{i18n._(ACCOUNT_LABELS[account])}</p>}
          </div>
        </div>
      )}
      {id !== undefined && (
        <nav class="button-row">
          <a class="btn btn--small btn--primary" href={`#/pages/fund/receive?currency_id=${id}`}>
            <Trans>Deposit</Trans>
          </a>
          <a class="btn btn--small btn--ghost" href={`#/pages/fund/withdraw?currency_id=${id}`}>
            <Trans>Withdraw</Trans>
          </a>
          <a class="btn btn--small btn--ghost" href={`#/pages/fund/transfer?currency_id=${id}${account ? `&from=${account}` : ''}`}>
            <Trans>Transfer</Trans>
          </a>
        </nav>
      )}
      <Bills currencyId={id} account={account} />
    </div>
  );
}

/** Every bill of every account, filtered by account if the user wants. */
export function AssetsAllRecordPage() {
  const { t, i18n } = useLingui();
  const [account, setAccount] = useState<FundAccount | undefined>(undefined);
  return (
    <div class="stack">
      <div class="chips" role="radiogroup" aria-label={t`Account`}>
        <button type="button" role="radio" class="chip" aria-checked={account === undefined} onClick={() => setAccount(undefined)}>
          <Trans>All</Trans>
        </button>
        {FILTER_ACCOUNTS.map((a) => (
          <button key={a} type="button" role="radio" class="chip" aria-checked={account === a} onClick={() => setAccount(a)}>
            {i18n._(ACCOUNT_LABELS[a])}
          </button>
        ))}
      </div>
      <Bills account={account} showCurrency />
    </div>
  );
}

function Bills({ currencyId, account, showCurrency = false }: { currencyId?: number; account?: FundAccount; showCurrency?: boolean }) {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const load = useCallback((page: number, limit: number) => fetchBills({ page, limit, currency_id: currencyId, account }), [currencyId, account]);
  const paged = usePaged(load, [currencyId, account]);
  return (
    <PagedList paged={paged} empty={t`No records yet`} label={t`Records`}>
      {(b: BillEntry) => {
        const incoming = !b.change.startsWith('-');
        const after = `${money.amount(b.balance_after)} ${b.currency}`;
        return (
          <RecordRow
            key={b.id}
            id={`bill-${b.id}`}
            title={showCurrency ? `${billKindLabel(i18n, b.kind)} · ${b.currency}` : billKindLabel(i18n, b.kind)}
            amount={`${incoming ? '+' : '-'}${money.amount(b.change.replace(/^-/, ''))} ${b.currency}`}
            tone={incoming ? 'in' : 'out'}
            time={b.created_at}
          >
            <span>{i18n._(ACCOUNT_LABELS[b.account] ?? ACCOUNT_LABELS.change)}</span>
            <span>{t`Balance ${after}`}</span>
          </RecordRow>
        );
      }}
    </PagedList>
  );
}
