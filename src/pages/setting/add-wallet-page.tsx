import { useState } from 'preact/hooks';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../contract/api/content.ts';
import { saveAddressAction } from '../../api/address-book.ts';
import { fetchCoins } from '../../api/content.ts';
import { showToast } from '../../stores/toast.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';

const NAME_MAX = 20;

/** Saves a withdrawal address under a name, for one currency on one network. */
export function AddWalletPage() {
  const coins = useResource(fetchCoins, []);
  return <ResourceView resource={coins}>{(list) => <AddForm coins={list.filter((c) => c.status === 1 && c.networks.length > 0)} />}</ResourceView>;
}

function AddForm({ coins }: { coins: Coin[] }) {
  const { t } = useLingui();
  const query = new URLSearchParams(useSearch());
  const wantedCoin = Number(query.get('currency_id'));
  const first = coins.find((c) => c.id === wantedCoin) ?? coins[0];
  const [currencyId, setCurrencyId] = useState(first?.id ?? 0);
  const coin = coins.find((c) => c.id === currencyId);
  const wantedNetwork = Number(query.get('network_id'));
  const [networkId, setNetworkId] = useState(coin?.networks.find((n) => n.id === wantedNetwork)?.id ?? coin?.networks[0]?.id ?? 0);
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<{ name?: string | null; address?: string | null }>({});
  const [save] = useState(saveAddressAction);

  const pickCoin = (id: number) => {
    setCurrencyId(id);
    setNetworkId(coins.find((c) => c.id === id)?.networks[0]?.id ?? 0);
  };

  const submit = () => {
    const trimmedName = name.trim();
    const trimmedAddress = address.trim();
    const next = {
      name: !trimmedName ? t`Please enter a name` : [...trimmedName].length > NAME_MAX ? t`Name must be at most 20 characters` : null,
      address: !trimmedAddress ? t`Please enter the address` : /\s/.test(trimmedAddress) ? t`The address cannot contain spaces` : null,
    };
    setErrors(next);
    if (next.name || next.address || !coin) return;
    save({ currency_id: coin.id, network_id: networkId, name: trimmedName, address: trimmedAddress }).then(
      () => {
        showToast(t`Address saved`, 'success');
        if (history.length > 1) history.back();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <SelectField label={t`Currency`} name="currency" value={String(currencyId)} options={coins.map((c) => [String(c.id), `${c.name} · ${c.full_name}`] as const)} onChange={(v) => pickCoin(Number(v))} />
      <SelectField label={t`Network`} name="network" value={String(networkId)} options={(coin?.networks ?? []).map((n) => [String(n.id), n.name] as const)} onChange={(v) => setNetworkId(Number(v))} />
      <TextField label={t`Name`} name="name" value={name} onInput={setName} error={errors.name ?? null} maxLength={NAME_MAX} placeholder={t`Such as "My hardware wallet"`} />
      <TextField label={t`Address`} name="address" autoComplete="off" value={address} onInput={setAddress} error={errors.address ?? null} placeholder={t`Paste or enter the address`} />
      <p class="muted">
        <Trans>Check the address and network carefully: funds sent to a wrong address cannot be recovered.</Trans>
      </p>
      <SubmitButton onSubmit={submit}>
        <Trans>Save</Trans>
      </SubmitButton>
    </form>
  );
}
