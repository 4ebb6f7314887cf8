import { describe, expect, it } from 'vitest';
import {
  feeMinor, isLiquidatable, limitReached, liquidationPriceTicks, marginMinor, notionalMinor, pnlMinor, quantityScaled, riskRatePpm, stopsProblem, stopTriggered,
} from '../../server/domain/futures-math.ts';
import { accountRisk } from '../../server/domain/futures-risk.ts';
import { mergeTerms, overnightInstants, parseMultiples, suggestedLotScaled } from '../../server/domain/futures-settings.ts';
import { parsePriceInput, priceTextToTicks } from '../../server/domain/futures-prices.ts';

/**
 * Hand-computed futures arithmetic. Units: prices in ticks of 1e-8 USDT, quantities in 1e-8 BTC,
 * money in USDT minor units (6 decimals). Helpers turn readable decimals into those integers.
 */
const USDT = 6;
const px = (text: string): bigint => {
  const ticks = priceTextToTicks(text);
  if (ticks === null) throw new Error(text);
  return ticks;
};
const usdt = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const minor = BigInt(whole + fraction.padEnd(USDT, '0'));
  return text.startsWith('-') ? -minor : minor;
};
const LOT_0_001_BTC = 100_000n; // 0.001 BTC in 1e-8 units
const qty10 = quantityScaled(10, LOT_0_001_BTC); // 10 lots = 0.01 BTC

describe('margin, notional and handling fee', () => {
  it('notional 10 lots x 0.001 BTC x 60000 = 600 USDT', () => {
    expect(notionalMinor(px('60000'), qty10, USDT)).toBe(usdt('600'));
  });
  it('margin 600 / 10x = 60 USDT; 600 / 100x = 6 USDT', () => {
    expect(marginMinor(px('60000'), qty10, 10, USDT)).toBe(usdt('60'));
    expect(marginMinor(px('60000'), qty10, 100, USDT)).toBe(usdt('6'));
  });
  it('margin rounds up: 0.001 x 60000.01 / 100 = 0.6000001 -> 0.600001', () => {
    expect(marginMinor(px('60000.01'), LOT_0_001_BTC, 100, USDT)).toBe(usdt('0.600001'));
  });
  it('fee 600 x 0.05 % = 0.3 USDT; 0.001 x 12345.67 x 0.05 % = 0.006172835 -> 0.006173 (rounded up)', () => {
    expect(feeMinor(px('60000'), qty10, 500, USDT)).toBe(usdt('0.3'));
    expect(feeMinor(px('12345.67'), LOT_0_001_BTC, 500, USDT)).toBe(usdt('0.006173'));
  });
  it('overnight fee on the open notional: 600 x 0.02 % = 0.12 USDT a day', () => {
    expect(feeMinor(px('60000'), qty10, 200, USDT)).toBe(usdt('0.12'));
  });
  it('a stock lot: 3 shares x 230.55 x 0.1 % = 0.69165 USDT; margin 691.65 / 5x = 138.33', () => {
    const shares = quantityScaled(3, 100_000_000n);
    expect(feeMinor(px('230.55'), shares, 1000, USDT)).toBe(usdt('0.69165'));
    expect(marginMinor(px('230.55'), shares, 5, USDT)).toBe(usdt('138.33'));
  });
});

describe('PnL', () => {
  it('long 0.01 BTC from 60000 to 61000: +1000 x 0.01 = +10; a short loses the same', () => {
    expect(pnlMinor('long', px('60000'), px('61000'), qty10, USDT)).toBe(usdt('10'));
    expect(pnlMinor('short', px('60000'), px('61000'), qty10, USDT)).toBe(usdt('-10'));
  });
  it('short 0.01 BTC from 60000 to 59999.99: +0.01 x 0.01 = +0.0001', () => {
    expect(pnlMinor('short', px('60000'), px('59999.99'), qty10, USDT)).toBe(usdt('0.0001'));
  });
  it('rounds down (house favour): long 0.001 BTC losing 1e-8 USDT per BTC = -1e-11 -> -0.000001; gaining -> 0', () => {
    expect(pnlMinor('long', px('60000'), px('59999.99999999'), LOT_0_001_BTC, USDT)).toBe(-1n);
    expect(pnlMinor('long', px('60000'), px('60000.00000001'), LOT_0_001_BTC, USDT)).toBe(0n);
  });
});

describe('risk rate and liquidation', () => {
  it('risk rate = equity / used margin: 999.7 / 60 = 16.661666 (ppm, rounded down); none without margin', () => {
    expect(riskRatePpm(usdt('999.7'), usdt('60'))).toBe(16_661_666n);
    expect(riskRatePpm(usdt('10'), 0n)).toBeNull();
  });
  it('liquidates at or below 50 %: 30 / 60 yes, 30.000001 / 60 no', () => {
    expect(isLiquidatable(usdt('30'), usdt('60'), 500_000)).toBe(true);
    expect(isLiquidatable(usdt('30.000001'), usdt('60'), 500_000)).toBe(false);
  });
  // 100 USDT in the account; long 0.01 BTC at 60000, 10x: margin 60, fee 0.3 -> available 39.7, frozen 60.
  // Equity at P = 99.7 + (P - 60000) x 0.01; liquidation when it is 0.5 x 60 = 30: P = 60000 - 69.7 / 0.01 = 53030.
  it('liquidation price of a long: 60000 - (99.7 - 30) / 0.01 = 53030; of a short: 60000 + 6970 = 66970', () => {
    const input = { openTicks: px('60000'), qtyScaled: qty10, quoteDecimals: USDT, equityWithoutMinor: usdt('99.7'), usedMarginMinor: usdt('60'), liquidationPpm: 500_000 };
    expect(liquidationPriceTicks({ ...input, side: 'long' })).toBe(px('53030'));
    expect(liquidationPriceTicks({ ...input, side: 'short' })).toBe(px('66970'));
  });
  it('the account risk agrees: at 53030 the long is liquidatable (30 / 60), at 53030.01 it is not', () => {
    const position = { id: 1, side: 'long' as const, openTicks: px('60000'), qtyScaled: qty10, marginMinor: usdt('60') };
    const at = (mark: string) => accountRisk(usdt('39.7'), usdt('60'), [{ ...position, markTicks: px(mark) }], USDT, 500_000);
    expect(at('53030')).toMatchObject({ equityMinor: usdt('30'), riskPpm: 500_000n, liquidatable: true });
    expect(at('53030.01').liquidatable).toBe(false);
    expect(at('60000').positions.get(1)?.liquidationTicks).toBe(px('53030'));
  });
  it('a long covered all the way down has no liquidation price: 1000 in the account, 0.01 BTC at 60000', () => {
    expect(liquidationPriceTicks({ side: 'long', openTicks: px('60000'), qtyScaled: qty10, quoteDecimals: USDT, equityWithoutMinor: usdt('999.7'), usedMarginMinor: usdt('60'), liquidationPpm: 500_000 })).toBeNull();
  });
});

describe('stops and limit triggers', () => {
  it('long at 60000: TP must be above, SL below; a short the other way round', () => {
    expect(stopsProblem('long', px('60000'), px('61000'), px('59000'))).toBeNull();
    expect(stopsProblem('long', px('60000'), px('59000'), null)).toBe('tp');
    expect(stopsProblem('long', px('60000'), null, px('60000'))).toBe('sl');
    expect(stopsProblem('short', px('60000'), px('59000'), px('61000'))).toBeNull();
    expect(stopsProblem('short', px('60000'), px('61000'), null)).toBe('tp');
  });
  it('triggers when the mark reaches them: long TP at >= 61000, SL at <= 59000; short mirrored', () => {
    expect(stopTriggered('long', px('61000'), px('61000'), px('59000'))).toBe('tp');
    expect(stopTriggered('long', px('60999.99'), px('61000'), px('59000'))).toBeNull();
    expect(stopTriggered('long', px('58000'), px('61000'), px('59000'))).toBe('sl');
    expect(stopTriggered('short', px('59000'), px('59000'), px('61000'))).toBe('tp');
    expect(stopTriggered('short', px('61000.5'), px('59000'), px('61000'))).toBe('sl');
  });
  it('a limit long opens at or below its price, a limit short at or above', () => {
    expect(limitReached('long', px('59000'), px('59000'))).toBe(true);
    expect(limitReached('long', px('59000.01'), px('59000'))).toBe(false);
    expect(limitReached('short', px('61000'), px('61000'))).toBe(true);
    expect(limitReached('short', px('60999'), px('61000'))).toBe(false);
  });
});

describe('settings and inputs', () => {
  it('one coin lot is worth 10-100 USDT: BTC 60000 -> 0.001 (60), ETH 3000 -> 0.01 (30), DOGE 0.15 -> 100 (15), SHIB 0.000012 -> 1,000,000 (12)', () => {
    expect(suggestedLotScaled(px('60000'))).toBe(100_000n);
    expect(suggestedLotScaled(px('3000'))).toBe(1_000_000n);
    expect(suggestedLotScaled(px('0.15'))).toBe(100n * 100_000_000n);
    expect(suggestedLotScaled(px('0.000012'))).toBe(1_000_000n * 100_000_000n);
  });
  it('symbol rows override category rows override code defaults, field by field', () => {
    const terms = mergeTerms('stock', { multiples: '2,5', lot_size: '1', min_lots: 1, max_lots: 10, fee_rate_ppm: 1000, overnight_rate_ppm: null, enabled: 1 }, { multiples: null, lot_size: null, min_lots: null, max_lots: 5, fee_rate_ppm: 700, overnight_rate_ppm: null, enabled: null });
    expect(terms).toMatchObject({ multiples: [2, 5], lotSizeScaled: 100_000_000n, maxLots: 5, feeRatePpm: 700, overnightRatePpm: 300, enabled: true });
    expect(parseMultiples('5,10,x')).toBeNull();
  });
  it('overnight charge instants at 00:00 UTC after opening: opened 1 Jan 10:00, now 3 Jan 00:00 -> 2 Jan and 3 Jan', () => {
    const instants = overnightInstants(Date.parse('2026-01-01T10:00:00Z'), Date.parse('2026-01-03T00:00:00Z'), 0);
    expect(instants.map((t) => new Date(t).toISOString())).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
    expect(overnightInstants(Date.parse('2026-01-02T00:00:00Z'), Date.parse('2026-01-02T23:59:59Z'), 0)).toEqual([]);
  });
  it('prices must be whole ticks of the symbol: 60000.1 on a 0.1 tick is fine, 60000.15 is not', () => {
    expect(parsePriceInput('60000.1', px('0.1'), 'p')).toEqual({ ok: true, value: px('60000.1') });
    expect(parsePriceInput('60000.15', px('0.1'), 'p')).toMatchObject({ ok: false, code: 'CONTRACT.PRICE_INVALID' });
    for (const bad of ['-1', '0', '1e5', 'abc', '.5', '007']) expect(parsePriceInput(bad, 1n, 'p').ok).toBe(false);
  });
});
