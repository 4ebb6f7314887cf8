import { useMemo, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { ChangeText } from '../../ui/change-text.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { usePriceFormat } from './use-price-format.ts';
import { useQuote } from './use-quote.ts';

/** Matches shown at most: a phone screen's worth and then some; typing narrows the list. */
const SHOWN_MAX = 60;

/** Another pair for the trading screen: filter as you type, tap to switch. */
export function PairPicker({ pairs, current, onPick, onClose }: { pairs: readonly Quotation[]; current: string; onPick: (symbol: string) => void; onClose: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const q = text.trim().toUpperCase();
  const shown = useMemo(() => pairs.filter((p) => !q || p.symbol.includes(q)).slice(0, SHOWN_MAX), [pairs, q]);
  return (
    <Dialog title={t`Choose a pair`} onClose={onClose}>
      <div class="pair-picker">
        <label class="visually-hidden" for="pair-filter">
          {t`Filter pairs`}
        </label>
        <input id="pair-filter" class="pair-picker__filter" type="search" autoComplete="off" placeholder={t`Search pairs, such as BTC`} value={text} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
        {shown.length === 0 ? (
          <EmptyState text={t`No pairs match "${text}"`} />
        ) : (
          <ul class="pair-picker__list">
            {shown.map((pair) => (
              <PickerRow key={pair.symbol} pair={pair} current={pair.symbol === current} onPick={onPick} />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

function PickerRow({ pair, current, onPick }: { pair: Quotation; current: boolean; onPick: (symbol: string) => void }) {
  const fmt = usePriceFormat();
  const quote = useQuote(pair.symbol) ?? pair;
  return (
    <li>
      <button type="button" class="pair-picker__row" aria-current={current || undefined} onClick={() => onPick(pair.symbol)}>
        <span>
          <strong>{pair.base}</strong>
          <span class="muted">/{pair.quote}</span>
        </span>
        <span class="num quote-fig">{fmt.price(quote.last, pair.tick_size)}</span>
        <ChangeText value={quote.change_pct} locale={fmt.locale} />
      </button>
    </li>
  );
}
