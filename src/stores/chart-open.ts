import { persistentAtom } from './persistent.ts';

const isFlag = (v: string): v is '1' | '0' => v === '1' || v === '0';

/**
 * Whether the trading screen shows its candlestick chart. Open by default, as traders expect; the
 * chart library (about 48 kB gzip and a long task to start) loads only on this screen, after its
 * first paint and once the main thread is idle (kline-chart-slot.tsx). A user on a weak link can
 * close it, and the choice is kept on the device, so the library is not fetched again.
 */
export const $chartOpen = persistentAtom<'1' | '0'>('chart_open', '1', isFlag);
