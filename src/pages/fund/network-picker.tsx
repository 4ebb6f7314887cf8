import { useLingui } from '@lingui/react/macro';

/** The networks a currency moves on, as a row of choices (only drawn when there is a choice). */
export function NetworkPicker({ networks, value, onChange }: { networks: readonly { id: number; name: string }[]; value: number | undefined; onChange: (id: number) => void }) {
  const { t } = useLingui();
  if (networks.length < 2) return null;
  return (
    <div class="field">
      <span class="field__label" id="network-label">
        {t`Network`}
      </span>
      <div class="chips" role="radiogroup" aria-labelledby="network-label">
        {networks.map((n) => (
          <button key={n.id} type="button" role="radio" class="chip" aria-checked={n.id === value} onClick={() => onChange(n.id)}>
            {n.name}
          </button>
        ))}
      </div>
    </div>
  );
}
