import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeOf, limitHoldMinor, MAX_ORDER_LOTS, parseLots, parseOrder, parsePriceTicks, parseSide } from './spot-order-rules.ts';
import { averagePrice, marketSymbolOf, notionalMinor, symbolRulesOf, ticksToPrice, type SpotSymbolRules } from './spot-symbol-rules.ts';

const USDT = { id: 3, symbol: 'USDT', decimals: 6 };
const btc = (): SpotSymbolRules => {
  const made = symbolRulesOf({
    id: 1, base: { id: 1, symbol: 'BTC', decimals: 8, image: '' }, quote: USDT, category: 'coin', tickSize: '0.1',
    lotMinor: 1000n, minNotionalMinor: 5_000_000n, makerFeePpm: 800, takerFeePpm: 1000, sort: 0,
  });
  if (!made.ok) throw new Error(made.problem);
  return made.rules;
};

describe('symbol rules', () => {
  it('derive exact integer units: one BTC lot (0.00001) at one tick (0.1) is 1 micro-USDT', () => {
    const r = btc();
    expect(r).toMatchObject({ tickPlaces: 1, tickUnits: 1n, lotMinor: 1000n, unitMinor: 1n });
    expect(notionalMinor(r, 600_000, 100)).toBe(60_000_000n); // 0.001 BTC at 60000 = 60 USDT
    expect(ticksToPrice(r, 600_001)).toBe('60000.1');
    expect(marketSymbolOf(r)).toMatchObject({ symbol: 'BTC/USDT', tick_size: '0.1', lot_size: '0.00001', min_notional: '5', maker_fee: '0.0008', taker_fee: '0.001' });
  });

  it('refuse a pair whose lot at one tick is not a whole quote minor unit, and fees out of range', () => {
    const base = { id: 1, base: { id: 1, symbol: 'BTC', decimals: 8, image: '' }, quote: USDT, category: 'coin' as const, lotMinor: 1000n, minNotionalMinor: 1n, makerFeePpm: 0, takerFeePpm: 0, sort: 0 };
    expect(symbolRulesOf({ ...base, tickSize: '0.01' })).toMatchObject({ ok: false });
    expect(symbolRulesOf({ ...base, tickSize: 'abc' })).toMatchObject({ ok: false });
    expect(symbolRulesOf({ ...base, tickSize: '0.1', takerFeePpm: 1_000_000 })).toMatchObject({ ok: false });
    expect(symbolRulesOf({ ...base, tickSize: '0.1', lotMinor: 0n })).toMatchObject({ ok: false });
  });

  it('average price keeps two places beyond the tick, rounded down', () => {
    const r = btc();
    expect(averagePrice(r, 0n, 0n)).toBe('0');
    expect(averagePrice(r, 300_000n, 180_000_500n)).toBe('60000.166'); // 0.003 BTC for 180.0005 USDT = 60000.1666...
  });
});

describe('order input', () => {
  const r = btc();
  const BAD = ['-1', '0', '0.00', 'NaN', 'Infinity', '-Infinity', '1e309', '1e-3', '1E2', '0x10', '+1', '.5', '5.', '1,5', '0.5 BTC', ' ', 'null'];

  it('refuses bad amounts with the amount codes', () => {
    for (const bad of BAD) expect(parseLots(r, bad), bad).toMatchObject({ ok: false, code: 'VALID.AMOUNT', field: 'amount' });
    expect(parseLots(r, undefined)).toMatchObject({ ok: false, code: 'VALID.REQUIRED' });
    expect(parseLots(r, '0.000000001')).toMatchObject({ ok: false, code: 'WALLET.AMOUNT_DECIMALS' });
    expect(parseLots(r, '0.000015')).toMatchObject({ ok: false, code: 'ORDER.AMOUNT_LOT' });
    expect(parseLots(r, String(MAX_ORDER_LOTS * 10))).toMatchObject({ ok: false, code: 'ORDER.TOO_LARGE' });
    expect(parseLots(r, '0.00123')).toEqual({ ok: true, value: 123 });
  });

  it('refuses bad prices with the price codes', () => {
    for (const bad of BAD) expect(parsePriceTicks(r, bad), bad).toMatchObject({ ok: false, code: 'ORDER.PRICE_INVALID', field: 'target_price' });
    expect(parsePriceTicks(r, '60000.05')).toMatchObject({ ok: false, code: 'ORDER.PRICE_TICK' });
    expect(parsePriceTicks(r, `1.${'0'.repeat(30)}1`)).toMatchObject({ ok: false, code: 'ORDER.PRICE_TICK' });
    expect(parsePriceTicks(r, '999999999999')).toMatchObject({ ok: false, code: 'ORDER.PRICE_INVALID' });
    expect(parsePriceTicks(r, '60000.10')).toEqual({ ok: true, value: 600_001 });
  });

  it('reads the side, tells market from limit, and holds the minimum value', () => {
    expect(parseSide('BUY')).toEqual({ ok: true, value: 'buy' });
    expect(parseSide('2')).toEqual({ ok: true, value: 'sell' });
    expect(parseSide('long')).toMatchObject({ ok: false, code: 'COMMON.PARAM_INVALID', field: 'type' });
    expect(parseOrder(r, { side: 'buy', amount: '0.001', price: undefined })).toEqual({ ok: true, value: { side: 'buy', kind: 'market', priceTicks: 0, lots: 100 } });
    expect(parseOrder(r, { side: 'sell', amount: '0.001', price: '60000' })).toEqual({ ok: true, value: { side: 'sell', kind: 'limit', priceTicks: 600_000, lots: 100 } });
    // 0.00008 BTC at 60000 = 4.8 USDT < 5.
    expect(parseOrder(r, { side: 'buy', amount: '0.00008', price: '60000' })).toMatchObject({ ok: false, code: 'ORDER.MIN_NOTIONAL' });
  });

  it('holds price x amount of quote for a buy and the amount of base for a sell', () => {
    expect(limitHoldMinor(r, 'buy', 600_000, 100)).toBe(60_000_000n);
    expect(limitHoldMinor(r, 'sell', 600_000, 100)).toBe(100_000n);
  });

  it('rounds fees up to the minor unit and never above the amount', () => {
    expect(feeOf(240_000_000n, 1000)).toBe(240_000n);
    expect(feeOf(400_000n, 800)).toBe(320n);
    expect(feeOf(1n, 1000)).toBe(1n);
    expect(feeOf(1001n, 1000)).toBe(2n);
    expect(feeOf(5n, 0)).toBe(0n);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 999_999 }), (amount, ppm) => {
      const fee = feeOf(amount, ppm);
      return fee >= 0n && fee <= amount && fee * 1_000_000n >= amount * BigInt(ppm) && (fee === 0n || (fee - 1n) * 1_000_000n < amount * BigInt(ppm));
    }));
  });
});
