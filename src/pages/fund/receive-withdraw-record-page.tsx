import { useCallback } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import type { Deposit, Withdrawal } from '../../../contract/api/wallet.ts';
import { fetchDeposits, fetchWithdrawals } from '../../api/wallet.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { DEPOSIT_STATES, WITHDRAWAL_STATES } from './fund-labels.ts';
import { Middle, RecordRow } from './record-row.tsx';
import { useMoneyFormat } from './use-money-format.ts';
import { useQuery } from './use-query.ts';

type Tab = 'deposit' | 'withdraw';
const PATH = '/pages/fund/receive_withdraw_record';

/** Deposits (confirming x/y, credited) and withdrawals (pending, then sent or rejected). */
export function ReceiveWithdrawRecordPage() {
  const { t } = useLingui();
  const tab: Tab = useQuery().get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  return (
    <div class="stack">
      <Tabs
        label={t`Record type`}
        tabs={[
          ['deposit', t`Deposits`],
          ['withdraw', t`Withdrawals`],
        ]}
        value={tab}
        onChange={(next) => navigate(`${PATH}?tab=${next}`, { replace: true })}
      />
      {tab === 'deposit' ? <DepositList /> : <WithdrawalList />}
    </div>
  );
}

function DepositList() {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const paged = usePaged(useCallback((page: number, limit: number) => fetchDeposits({ page, limit }), []), []);
  return (
    <PagedList paged={paged} empty={t`No deposits yet`} label={t`Deposits`}>
      {(d: Deposit) => {
        const done = d.state === 'credited';
        const confirmations = Math.min(d.confirmations, d.required_confirmations);
        const required = d.required_confirmations;
        return (
          <RecordRow
            key={d.id}
            id={`deposit-${d.id}`}
            title={t`Deposit`}
            amount={`+${money.amount(d.amount)} ${d.currency}`}
            tone="in"
            state={done ? i18n._(DEPOSIT_STATES.credited) : t`Confirming ${confirmations}/${required}`}
            stateTone={done ? 'ok' : 'wait'}
            time={d.created_at}
          >
            <span>{d.network}</span>
            {d.tx_hash && <Middle text={d.tx_hash} />}
          </RecordRow>
        );
      }}
    </PagedList>
  );
}

function WithdrawalList() {
  const { t, i18n } = useLingui();
  const money = useMoneyFormat();
  const paged = usePaged(useCallback((page: number, limit: number) => fetchWithdrawals({ page, limit }), []), []);
  const tones = { pending: 'wait', approved: 'wait', sent: 'ok', rejected: 'bad' } as const;
  return (
    <PagedList paged={paged} empty={t`No withdrawals yet`} label={t`Withdrawals`}>
      {(w: Withdrawal) => {
        const fee = `${money.amount(w.fee)} ${w.currency}`;
        return (
          <RecordRow
            key={w.id}
            id={`withdrawal-${w.id}`}
            title={t`Withdrawal`}
            amount={`-${money.amount(w.amount)} ${w.currency}`}
            tone="out"
            state={i18n._(WITHDRAWAL_STATES[w.state] ?? WITHDRAWAL_STATES.pending)}
            stateTone={tones[w.state] ?? 'wait'}
            time={w.created_at}
          >
            <span>
              {w.network} · <Middle text={w.address} />
            </span>
            <span>{t`Fee ${fee}`}</span>
            {w.tx_hash && <Middle text={w.tx_hash} />}
          </RecordRow>
        );
      }}
    </PagedList>
  );
}
