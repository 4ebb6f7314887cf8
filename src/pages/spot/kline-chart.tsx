import { useEffect, useRef } from 'preact/hooks';
import { CandlestickSeries, ColorType, createChart, type CandlestickData, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Kline, KlineInterval } from '../../../contract/api/market.ts';
import { fetchKlines } from '../../api/market.ts';
import { UP_COLOR, DOWN_COLOR } from '../../lib/colors.ts';
import { fractionDigits } from '../../lib/decimal-units.ts';
import { holdStream } from '../../realtime/live.ts';

/**
 * The candlestick chart (lightweight-charts, about 48 kB gzip): this module is its own chunk,
 * imported by kline-chart-slot.tsx only after the trading screen has painted. Candle figures become
 * numbers here and only here, for drawing; nothing is computed from them.
 */

const toBar = (k: Kline): CandlestickData<UTCTimestamp> => ({
  time: Math.floor(k.t / 1000) as UTCTimestamp,
  open: Number(k.o),
  high: Number(k.h),
  low: Number(k.l),
  close: Number(k.c),
});

const THEMES = {
  light: { background: '#ffffff', text: '#5b6576', grid: '#eef1f5' },
  dark: { background: '#171c25', text: '#aab3c2', grid: '#222a36' },
};

export default function KlineChart({ symbol, interval, tickSize, dark }: { symbol: string; interval: KlineInterval; tickSize: string; dark: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);

  useEffect(() => {
    const api = createChart(host.current!, { autoSize: true, timeScale: { timeVisible: true, secondsVisible: false }, rightPriceScale: { borderVisible: false } });
    const series = api.addSeries(CandlestickSeries, {
      upColor: UP_COLOR,
      downColor: DOWN_COLOR,
      wickUpColor: UP_COLOR,
      wickDownColor: DOWN_COLOR,
      borderVisible: false,
    });
    chart.current = { api, series };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => {
    const theme = THEMES[dark ? 'dark' : 'light'];
    chart.current?.api.applyOptions({
      layout: { background: { type: ColorType.Solid, color: theme.background }, textColor: theme.text },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
    });
  }, [dark]);

  useEffect(() => {
    chart.current?.series.applyOptions({ priceFormat: { type: 'price', precision: fractionDigits(tickSize), minMove: Number(tickSize) } });
  }, [tickSize]);

  useEffect(() => {
    const target = chart.current;
    if (!target) return;
    let streamed = false;
    let lastTime = 0;
    const setAll = (klines: readonly Kline[]) => {
      const bars = klines.map(toBar);
      target.series.setData(bars);
      lastTime = bars.at(-1)?.time ?? 0;
      target.api.timeScale().scrollToRealTime();
    };
    target.series.setData([]);
    fetchKlines(symbol, interval).then((klines) => !streamed && setAll(klines), () => undefined);
    return holdStream(
      { stream: 'kline', symbol, interval },
      {
        snapshot: (payload) => {
          streamed = true;
          setAll(payload.klines);
        },
        message: ({ kline }) => {
          const bar = toBar(kline);
          // The chart refuses a candle older than its last one (a late frame): skip it.
          if (bar.time < lastTime) return;
          lastTime = bar.time;
          target.series.update(bar);
        },
      },
    );
  }, [symbol, interval]);

  return <div ref={host} class="kline-chart__canvas" data-testid="kline-chart" />;
}
