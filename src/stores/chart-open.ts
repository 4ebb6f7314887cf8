import { persistentAtom } from './persistent.ts';

const isFlag = (v: string): v is '1' | '0' => v === '1' || v === '0';

/**
 * Whether the trading screen shows its candlestick chart. Closed until the user opens it, as the
 * big exchange apps' order screens do: the chart library is about 48 kB gzip and starting it is one
 * 40 ms task on this machine (170 ms on a phone 4x slower), which the user would pay before the order
 * form answers. Once opened, the choice is kept on the device and the chart loads on every visit,
 * after the screen's first paint and once the main thread is idle (kline-chart-slot.tsx).
 */
export const $chartOpen = persistentAtom<'1' | '0'>('chart_open', '0', isFlag);
