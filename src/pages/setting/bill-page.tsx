import { useLingui } from '@lingui/react/macro';
import { ListLink } from '../../ui/list-link.tsx';

/** Bills: the ways into the money records. */
export function BillPage() {
  const { t } = useLingui();
  return (
    <div class="list">
      <ListLink href="#/pages/fund/assets_all_record" label={t`All records`} />
      <ListLink href="#/pages/fund/receive_withdraw_record?tab=deposit" label={t`Deposits`} />
      <ListLink href="#/pages/fund/receive_withdraw_record?tab=withdraw" label={t`Withdrawals`} />
      <ListLink href="#/pages/fund/transfer_history" label={t`Transfers between accounts`} />
      <ListLink href="#/pages/fund/transfer_history?tab=user" label={t`Transfers with users`} />
    </div>
  );
}
