import { useLingui } from '@lingui/react/macro';
import { navigate } from '../../lib/hash-route.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { AccountTransferForm } from './account-transfer-form.tsx';
import { ExchangeForm } from './exchange-form.tsx';
import { useQuery } from './use-query.ts';

/** Moves money between the user's own accounts, or (with ?type=exchange) from one currency to another. */
export function TransferPage() {
  const { t } = useLingui();
  const query = useQuery();
  const mode = query.get('type') === 'exchange' ? 'exchange' : 'transfer';
  const switchTo = (next: 'transfer' | 'exchange') => {
    const q = new URLSearchParams(query);
    if (next === 'exchange') q.set('type', 'exchange');
    else q.delete('type');
    const s = q.toString();
    navigate(`/pages/fund/transfer${s ? '?' + s : ''}`, { replace: true });
  };
  return (
    <div class="stack">
      <Tabs
        label={t`Transfer or exchange`}
        tabs={[
          ['transfer', t`Between accounts`],
          ['exchange', t`Exchange`],
        ]}
        value={mode}
        onChange={switchTo}
      />
      {mode === 'transfer' ? <AccountTransferForm query={query} /> : <ExchangeForm query={query} />}
    </div>
  );
}
