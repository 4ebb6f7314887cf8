import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FIAT_CODES, type FiatRate } from '../../../contract/api/wallet.ts';
import { fetchFiatRates } from '../../api/rates.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { displayDecimals } from '../../lib/money.ts';
import { $fiat, $fiats, setFiat } from '../../stores/fiat.ts';
import { $localeTag } from '../../stores/lang.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { IconChevron } from '../../ui/icons.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';

function currencyName(code: string, tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The settings row for the default fiat currency, and its picker (rates from /wallet/getRateCurrency). */
export function FiatSetting() {
  const { t } = useLingui();
  const fiat = useStore($fiat);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="list__item" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span class="list__label">{t`Default fiat currency`}</span>
        <span class="list__value" data-testid="fiat-code">
          {fiat.currency_code}
        </span>
        <IconChevron />
      </button>
      {open && <FiatDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function FiatDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const tag = useStore($localeTag);
  const current = useStore($fiat).currency_code;
  const rates = useResource(fetchFiatRates, []);
  const pick = (list: FiatRate[], code: string) => {
    $fiats.set(list);
    setFiat(code);
    onClose();
  };
  return (
    <Dialog title={t`Default fiat currency`} onClose={onClose}>
      <p class="muted">
        <Trans>Totals and values are shown in this currency.</Trans>
      </p>
      <ResourceView resource={rates}>
        {(all) => {
          const list = all.filter((r) => (FIAT_CODES as readonly string[]).includes(r.currency_code));
          return (
            <div class="list list--flat" role="radiogroup" aria-label={t`Default fiat currency`}>
              {list.map((r) => {
                const rate = formatNumber(r.rate, { decimals: displayDecimals(r.rate, 2, 4), locale: tag });
                return (
                  <button key={r.currency_code} type="button" role="radio" aria-checked={r.currency_code === current} class="list__item" onClick={() => pick(list, r.currency_code)}>
                    <span class="list__label">
                      <strong>{r.currency_code}</strong> <span class="muted">{currencyName(r.currency_code, tag)}</span>
                    </span>
                    <span class="list__value">{r.currency_code === 'USD' ? '' : `1 USD = ${rate}`}</span>
                  </button>
                );
              })}
            </div>
          );
        }}
      </ResourceView>
    </Dialog>
  );
}
