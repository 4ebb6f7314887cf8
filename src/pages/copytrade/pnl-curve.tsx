import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PnlPoint } from '../../../contract/api/copytrade.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { $localeTag } from '../../stores/lang.ts';
import { $theme } from '../../stores/theme.ts';
import { ChunkLoading } from '../../ui/chunk-loading.tsx';
import { keptImport, useLazyModule } from '../../ui/use-lazy-module.ts';

/** The chart module and lightweight-charts with it: requested only once the trader's page has painted. */
const loadChart = keptImport(() => import('./pnl-chart.tsx'));

/** The PnL curve's place, held at its height; the chart arrives when the main thread is idle. */
export function PnlCurve({ points }: { points: readonly PnlPoint[] }) {
  const { t } = useLingui();
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 2000, 200), []);
  const placeholder = <div class="copy-curve__canvas skeleton" aria-hidden="true" />;
  return (
    <section class="card copy-curve" aria-label={t`Cumulative PnL`}>
      <h2 class="card__title">
        <Trans>Cumulative PnL (USDT)</Trans>
      </h2>
      {points.length < 2 ? (
        <p class="muted copy-curve__empty">
          <Trans>Not enough trading days to draw a curve yet.</Trans>
        </p>
      ) : ready ? (
        <LoadedChart points={points} placeholder={placeholder} />
      ) : (
        placeholder
      )}
    </section>
  );
}

function LoadedChart({ points, placeholder }: { points: readonly PnlPoint[]; placeholder: JSX.Element }) {
  const dark = useStore($theme) === 'dark';
  const locale = useStore($localeTag);
  const chart = useLazyModule(loadChart);
  if (chart.status === 'failed') {
    return (
      <p class="muted copy-curve__empty">
        <Trans>The chart cannot load right now.</Trans>
      </p>
    );
  }
  if (chart.status === 'loading') return <ChunkLoading placeholder={placeholder} />;
  const Chart = chart.module.default;
  return <Chart points={points} dark={dark} locale={locale} />;
}
