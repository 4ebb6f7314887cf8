import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_COLOR, DOWN_COLOR, UP_COLOR, currencyColor } from './colors.ts';

describe('colors', () => {
  it('has the spec colours for up and down', () => {
    expect(UP_COLOR).toBe('#28ba98');
    expect(DOWN_COLOR).toBe('#F04A5A');
  });

  it.each([
    ['BTC', '#F7931A'],
    ['USDT', '#26A17B'],
    ['LTC', '#345D9D'],
    ['ETH', '#627EEA'],
    ['btc', '#F7931A'],
    [' eth ', '#627EEA'],
  ])('gives %j its brand colour', (symbol, color) => {
    expect(currencyColor(symbol)).toBe(color);
  });

  it('gives every other symbol the default', () => {
    for (const other of ['DOGE', '', 'BTCUSDT', 'constructor', '__proto__', 'toString']) {
      expect(currencyColor(other)).toBe(DEFAULT_CURRENCY_COLOR);
    }
  });
});
