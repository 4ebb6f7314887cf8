import { useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contract/api/content.ts';
import { assetUrl } from '../../api/asset-url.ts';
import { fetchCoins } from '../../api/content.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { IconChevron } from '../../ui/icons.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { useQuery } from './use-query.ts';

/** Where a picked currency goes, by the `type` the caller passed. */
const TARGETS = {
  recharge: '/pages/fund/receive',
  withdraw: '/pages/fund/withdraw',
  transfer: '/pages/fund/transfer',
  send: '/pages/fund/fundTransfer',
} as const;
type SelectType = keyof typeof TARGETS;
const isType = (v: string | null): v is SelectType => v !== null && Object.hasOwn(TARGETS, v);

/** Picks the currency to deposit, withdraw, transfer or send; fiat and suspended ones are left out. */
export function SelectPage() {
  const { t } = useLingui();
  const query = useQuery();
  const rawType = query.get('type');
  const type: SelectType = isType(rawType) ? rawType : 'recharge';
  const coins = useResource(fetchCoins, []);
  const [search, setSearch] = useState('');

  const leads: Record<SelectType, string> = {
    recharge: t`Choose the currency to deposit`,
    withdraw: t`Choose the currency to withdraw`,
    transfer: t`Choose the currency to transfer`,
    send: t`Choose the currency to send`,
  };
  const typed = search.trim();
  const q = typed.toLowerCase();
  const matches = (c: Coin) => !q || c.name.toLowerCase().includes(q) || c.full_name.toLowerCase().includes(q);

  return (
    <div class="stack">
      <p class="muted">{leads[type]}</p>
      <TextField label={t`Search`} value={search} onInput={setSearch} placeholder={t`Currency name`} />
      <ResourceView resource={coins}>
        {(list) => {
          const usable = list.filter((c) => c.status === 1 && c.type !== 'fiat' && (type !== 'recharge' && type !== 'withdraw' ? true : c.networks.length > 0));
          const shown = usable.filter(matches);
          if (shown.length === 0) return <EmptyState text={q ? t`No currency matches "${typed}"` : t`No currencies available`} />;
          return (
            <ul class="list" aria-label={t`Currencies`}>
              {shown.map((c) => (
                <li key={c.id}>
                  <a class="list__item" href={`#${TARGETS[type]}?currency_id=${c.id}`} data-currency={c.name}>
                    <CoinIcon symbol={c.name} src={assetUrl(c.image)} size={28} />
                    <span class="list__label">
                      <strong>{c.name}</strong> <span class="muted">{c.full_name}</span>
                    </span>
                    {c.subName && <span class="list__value">{c.subName}</span>}
                    <IconChevron />
                  </a>
                </li>
              ))}
            </ul>
          );
        }}
      </ResourceView>
    </div>
  );
}
