import { useMemo, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { AREA_CODES, regionName } from '../../lib/area-codes.ts';
import { $localeTag } from '../../stores/lang.ts';
import { $areaCode } from '../../stores/preferences.ts';
import { TextField } from '../../ui/text-field.tsx';

/** Picks the dialling code for mobile sign-in and sign-up, then returns to the form. */
export function AreaPage() {
  const { t } = useLingui();
  const tag = useStore($localeTag);
  const selected = useStore($areaCode);
  const [query, setQuery] = useState('');
  const rows = useMemo(
    () => AREA_CODES.map(([region, code]) => ({ region, code, name: regionName(region, tag) })).sort((a, b) => a.name.localeCompare(b.name, tag)),
    [tag],
  );
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  const shown = q ? rows.filter((row) => row.name.toLowerCase().includes(q) || row.code.startsWith(q) || row.region.toLowerCase() === q) : rows;

  const pick = (code: string) => {
    $areaCode.set(code);
    history.back();
  };

  return (
    <div class="stack">
      <TextField label={t`Search`} type="text" value={query} onInput={setQuery} placeholder={t`Country, region or code`} />
      <div class="list" role="radiogroup" aria-label={t`Country or region`}>
        {shown.map((row) => (
          <button key={row.region} type="button" role="radio" aria-checked={row.code === selected} class="list__item" onClick={() => pick(row.code)}>
            <span class="list__label">{row.name}</span>
            <span class="list__value">+{row.code}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
