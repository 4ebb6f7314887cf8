import { useMemo, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { AREA_CODES, regionName } from '../../lib/area-codes.ts';
import { $bankDrafts, setBankDraftField, type BankFormKind } from '../../stores/bank-draft.ts';
import { $localeTag } from '../../stores/lang.ts';
import { TextField } from '../../ui/text-field.tsx';

/** Picks the bank's country or region for a bank card form (?form=bank or bank_international), then returns to it. */
export function AreasPage() {
  const { t } = useLingui();
  const tag = useStore($localeTag);
  const form: BankFormKind = new URLSearchParams(useSearch()).get('form') === 'bank_international' ? 'bank_international' : 'bank';
  const selected = useStore($bankDrafts)[form]?.country ?? '';
  const [query, setQuery] = useState('');
  const rows = useMemo(() => AREA_CODES.map(([region]) => ({ region, name: regionName(region, tag) })).sort((a, b) => a.name.localeCompare(b.name, tag)), [tag]);
  const q = query.trim().toLowerCase();
  const shown = q ? rows.filter((row) => row.name.toLowerCase().includes(q) || row.region.toLowerCase() === q) : rows;

  const pick = (region: string) => {
    setBankDraftField(form, 'country', region);
    if (history.length > 1) history.back();
    else location.hash = `#/pages/setting/${form}`;
  };

  return (
    <div class="stack">
      <TextField label={t`Search`} value={query} onInput={setQuery} placeholder={t`Country or region`} />
      <div class="list" role="radiogroup" aria-label={t`Country or region`}>
        {shown.map((row) => (
          <button key={row.region} type="button" role="radio" aria-checked={row.region === selected} class="list__item" onClick={() => pick(row.region)}>
            <span class="list__label">{row.name}</span>
            <span class="list__value">{row.region}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
