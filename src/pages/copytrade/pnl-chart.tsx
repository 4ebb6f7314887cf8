import { useEffect, useRef } from 'preact/hooks';
import { AreaSeries, ColorType, createChart, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { PnlPoint } from '../../../contract/api/copytrade.ts';
import { DOWN_COLOR, UP_COLOR } from '../../lib/colors.ts';
import { compareDecimal } from '../../lib/decimal.ts';

/**
 * A trader's cumulative PnL by day, drawn with lightweight-charts (the repo's chart library, about
 * 48 kB gzip): this module is its own chunk, imported by pnl-curve.tsx only after the trader's page
 * has painted. Figures become numbers here only for drawing; nothing is computed from them.
 */

const THEMES = {
  light: { background: '#ffffff', text: '#5b6576', grid: '#eef1f5' },
  dark: { background: '#171c25', text: '#aab3c2', grid: '#222a36' },
};

/** `locale`: the reader's, for the month names on the time axis (the chart's default is the browser's). */
export default function PnlChart({ points, dark, locale }: { points: readonly PnlPoint[]; dark: boolean; locale: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<'Area'> } | null>(null);

  useEffect(() => {
    const api = createChart(host.current!, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
    });
    const series = api.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: true });
    chart.current = { api, series };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => {
    chart.current?.api.applyOptions({ localization: { locale } });
  }, [locale]);

  useEffect(() => {
    const theme = THEMES[dark ? 'dark' : 'light'];
    chart.current?.api.applyOptions({
      layout: { background: { type: ColorType.Solid, color: theme.background }, textColor: theme.text, attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: theme.grid } },
    });
  }, [dark]);

  useEffect(() => {
    const target = chart.current;
    if (!target) return;
    const last = points.at(-1)?.pnl ?? '0';
    const color = compareDecimal(last, '0') < 0 ? DOWN_COLOR : UP_COLOR;
    target.series.applyOptions({ lineColor: color, topColor: `${color}55`, bottomColor: `${color}05` });
    target.series.setData(points.map((p) => ({ time: p.day, value: Number(p.pnl) })));
    target.api.timeScale().fitContent();
  }, [points]);

  return <div ref={host} class="copy-curve__canvas" />;
}
