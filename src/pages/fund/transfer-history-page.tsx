import { useCallback } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import type { AccountTransfer, UserTransfer } from '../../../contract/api/wallet.ts';
import { fetchAccountTransfers, fetchUserTransfers } from '../../api/wallet.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { ACCOUNT_LABELS } from './fund-labels.ts';
import { RecordRow } from './record-row.tsx';
import { useMoneyFormat } from './use-money-format.ts';
import { useQuery } from './use-query.ts';

type Tab = 'account' | 'user';

/** Transfers between the user's own accounts, and to and from other users. */
export function TransferHistoryPage() {
  const { t } = useLingui();
  const tab: Tab = useQuery().get('tab') === 'user' ? 'user' : 'account';
  return (
    <div class="stack">
      <Tabs
        label={t`Transfer type`}
        tabs={[
          ['account', t`Between accounts`],
          ['user', t`With users`],
        ]}
        value={tab}
        onChange={(next) => navigate(`/pages/fund/transfer_history?tab=${next}`, { replace: true })}
      />
      {tab === 'account' ? <AccountTransfers /> : <UserTransfers />}
    </div>
  );
}

function AccountTransfers() {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const paged = usePaged(useCallback((page: number, limit: number) => fetchAccountTransfers({ page, limit }), []), []);
  return (
    <PagedList paged={paged} empty={t`No transfers yet`} label={t`Between accounts`}>
      {(x: AccountTransfer) => {
        const from = i18n._(ACCOUNT_LABELS[x.from_account] ?? ACCOUNT_LABELS.change);
        const to = i18n._(ACCOUNT_LABELS[x.to_account] ?? ACCOUNT_LABELS.change);
        return <RecordRow key={x.id} id={`transfer-${x.id}`} title={`${from} → ${to}`} amount={`${money.amount(x.amount)} ${x.currency}`} time={x.created_at} />;
      }}
    </PagedList>
  );
}

function UserTransfers() {
  const { t } = useLingui();
  const money = useMoneyFormat();
  const paged = usePaged(useCallback((page: number, limit: number) => fetchUserTransfers({ page, limit }), []), []);
  return (
    <PagedList paged={paged} empty={t`No transfers yet`} label={t`With users`}>
      {(x: UserTransfer) => {
        const uid = x.counterparty_uid;
        const out = x.direction === 'out';
        const fee = `${money.amount(x.fee)} ${x.currency}`;
        return (
          <RecordRow
            key={x.id}
            id={`user-transfer-${x.id}`}
            title={out ? t`Sent to UID ${uid}` : t`Received from UID ${uid}`}
            amount={`${out ? '-' : '+'}${money.amount(x.amount)} ${x.currency}`}
            tone={out ? 'out' : 'in'}
            time={x.created_at}
          >
            {out && <span>{t`Fee ${fee}`}</span>}
          </RecordRow>
        );
      }}
    </PagedList>
  );
}
