import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { KLINE_INTERVALS, type KlineInterval } from '../../../contract/api/market.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { $chartOpen } from '../../stores/chart-open.ts';
import { $theme } from '../../stores/theme.ts';
import { ChunkLoading } from '../../ui/chunk-loading.tsx';
import { IconCandles } from '../../ui/market-icons.tsx';
import { keptImport, useLazyModule } from '../../ui/use-lazy-module.ts';

/** The chart module and lightweight-charts with it: requested only once the screen has painted. */
const loadChart = keptImport(() => import('./kline-chart.tsx'));

function ChartUnavailable() {
  return (
    <div class="kline-chart__canvas kline-chart__unavailable">
      <Trans>The chart cannot load right now.</Trans>
    </div>
  );
}

const INTERVAL_LABELS: Record<KlineInterval, MessageDescriptor> = {
  '1m': msg`1m`,
  '5m': msg`5m`,
  '15m': msg`15m`,
  '30m': msg`30m`,
  '1h': msg`1h`,
  '4h': msg`4h`,
  '1d': msg`1D`,
  '1w': msg`1W`,
};

/** After the first paint and once the main thread is idle (at most 2 s later), the chart may load. */
function useAfterPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 2000, 200), []);
  return ready;
}

/** The chart's toggle, its interval switch, and its place (held at its height so nothing below moves). */
export function KlineChartSlot({ symbol, tickSize }: { symbol: string; tickSize: string }) {
  const { t } = useLingui();
  const open = useStore($chartOpen) === '1';
  return (
    <section class={open ? 'kline-chart is-open' : 'kline-chart'} aria-label={t`Price chart`}>
      {open ? <OpenChart symbol={symbol} tickSize={tickSize} /> : <ChartToggle open={false} />}
    </section>
  );
}

function ChartToggle({ open }: { open: boolean }) {
  const { t } = useLingui();
  return (
    <button type="button" class="kline-chart__toggle" aria-expanded={open} aria-label={open ? t`Hide chart` : undefined} onClick={() => $chartOpen.set(open ? '0' : '1')}>
      <IconCandles />
      {!open && <Trans>Show chart</Trans>}
    </button>
  );
}

function OpenChart({ symbol, tickSize }: { symbol: string; tickSize: string }) {
  const { t, i18n } = useLingui();
  const [interval, setInterval] = useState<KlineInterval>('15m');
  const dark = useStore($theme) === 'dark';
  const ready = useAfterPaint();
  const placeholder = <div class="kline-chart__canvas skeleton" aria-hidden="true" />;
  return (
    <>
      <div class="kline-chart__bar">
        <ChartToggle open />
        <div class="kline-chart__intervals" role="radiogroup" aria-label={t`Candle interval`}>
          {KLINE_INTERVALS.map((iv) => (
            <button key={iv} type="button" role="radio" aria-checked={iv === interval} onClick={() => setInterval(iv)}>
              {i18n._(INTERVAL_LABELS[iv])}
            </button>
          ))}
        </div>
      </div>
      {ready ? <LoadedChart symbol={symbol} interval={interval} tickSize={tickSize} dark={dark} placeholder={placeholder} /> : placeholder}
    </>
  );
}

/**
 * Offline before the chart was ever cached, the rest of the screen still works, and the chart comes
 * when the network does; its chunk unanswered after 15 s offers a reload (ChunkLoading).
 */
function LoadedChart({ placeholder, ...props }: { symbol: string; interval: KlineInterval; tickSize: string; dark: boolean; placeholder: JSX.Element }) {
  const chart = useLazyModule(loadChart);
  if (chart.status === 'failed') return <ChartUnavailable />;
  if (chart.status === 'loading') return <ChunkLoading placeholder={placeholder} />;
  const KlineChart = chart.module.default;
  return <KlineChart {...props} />;
}
