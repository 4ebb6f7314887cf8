import { describe, expect, it } from 'vitest';
import { amountForPercent, checkOrder, floorToStep, isOnStep, orderFee, orderTotal, percentOf, stepBy, type OrderCheck } from './order-math.ts';
import { divideDown, fromUnits, shareOf, toUnits } from './decimal-units.ts';

describe('decimal units', () => {
  it('scales and writes back exactly', () => {
    expect(toUnits('1.25', 4)).toBe(12500n);
    expect(toUnits('-0.001', 2)).toBe(0n);
    expect(fromUnits(12500n, 4)).toBe('1.2500');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(0n, 0)).toBe('0');
  });

  it('divides down to the digits asked for', () => {
    expect(divideDown('100', '3', 4)).toBe('33.3333');
    expect(divideDown('0.3', '0.1', 2)).toBe('3.00');
    expect(divideDown('1', '0', 2)).toBeNull();
    expect(divideDown('abc', '1', 2)).toBeNull();
  });

  it('gives bar shares without floats in the arithmetic', () => {
    expect(shareOf('1', '3')).toBe(33.3);
    expect(shareOf('3', '3')).toBe(100);
    expect(shareOf('1', '0')).toBe(0);
  });
});

describe('ticks and lots', () => {
  it('knows what is on the step', () => {
    expect(isOnStep('0.35', '0.05')).toBe(true);
    expect(isOnStep('0.33', '0.05')).toBe(false);
    expect(isOnStep('60000.1', '0.01')).toBe(true);
    expect(isOnStep('60000.123', '0.01')).toBe(false);
    expect(isOnStep('12', '1')).toBe(true);
    expect(isOnStep('1.5', '1')).toBe(false);
    expect(isOnStep('1', '0')).toBe(false);
  });

  it('floors to the step with its digits', () => {
    expect(floorToStep('1.239', '0.01')).toBe('1.23');
    expect(floorToStep('1.2', '0.0001')).toBe('1.2000');
    expect(floorToStep('0.37', '0.05')).toBe('0.35');
    expect(floorToStep('7', '5')).toBe('5');
  });

  it('steps up and down, never below zero', () => {
    expect(stepBy('100.00', '0.01', 1)).toBe('100.01');
    expect(stepBy('100.005', '0.01', -1)).toBe('99.99');
    expect(stepBy('', '0.01', 1)).toBe('0.01');
    expect(stepBy('0', '0.01', -1)).toBe('0.00');
  });
});

describe('percent of balance, total and fee', () => {
  it('takes exact percentages', () => {
    expect(percentOf('10.01', 25)).toBe('2.5025');
    expect(percentOf('1000', 100)).toBe('1000.00');
  });

  it('a buy spends pct of the quote balance at the price, cut to the lot', () => {
    const buy = { side: 'buy' as const, availableBase: '0', availableQuote: '1000', price: '30000', lotSize: '0.0001' };
    expect(amountForPercent({ ...buy, pct: 25 })).toBe('0.0083'); // 250 / 30000 = 0.008333…
    expect(amountForPercent({ ...buy, pct: 100 })).toBe('0.0333');
    expect(amountForPercent({ ...buy, pct: 50, price: '' })).toBe('0.0000');
    expect(amountForPercent({ ...buy, pct: 50, price: '0' })).toBe('0.0000');
  });

  it('a sell offers pct of the base balance, cut to the lot', () => {
    const sell = { side: 'sell' as const, availableBase: '0.12345', availableQuote: '0', price: '1', lotSize: '0.001' };
    expect(amountForPercent({ ...sell, pct: 75 })).toBe('0.092'); // 0.0925875
    expect(amountForPercent({ ...sell, pct: 100 })).toBe('0.123');
  });

  it('totals and fees are exact; buys pay in base, sells in quote', () => {
    expect(orderTotal('0.1', '0.2')).toBe('0.02');
    expect(orderTotal('60123.45', '0.015')).toBe('901.85175');
    expect(orderFee('buy', '0.015', '901.85175', '0.001')).toEqual({ fee: '0.000015', inQuote: false });
    expect(orderFee('sell', '0.015', '901.85175', '0.001')).toEqual({ fee: '0.90185175', inQuote: true });
  });
});

describe('checkOrder', () => {
  const base: OrderCheck = {
    side: 'buy',
    kind: 'limit',
    price: '100.00',
    amount: '1.5',
    tickSize: '0.01',
    lotSize: '0.1',
    minNotional: '10',
    availableBase: '2',
    availableQuote: '200',
  };

  it('passes a good order', () => {
    expect(checkOrder(base)).toBeNull();
    expect(checkOrder({ ...base, side: 'sell' })).toBeNull();
  });

  it('names the price first, then the amount, the minimum value and the balance', () => {
    expect(checkOrder({ ...base, price: '', amount: 'x' })).toBe('price');
    expect(checkOrder({ ...base, price: '0' })).toBe('price');
    expect(checkOrder({ ...base, price: '100.005' })).toBe('price');
    expect(checkOrder({ ...base, price: '1e3' })).toBe('price');
    expect(checkOrder({ ...base, amount: '0' })).toBe('amount');
    expect(checkOrder({ ...base, amount: '1.55' })).toBe('amount');
    expect(checkOrder({ ...base, amount: '0.1', price: '50.00' })).toBe('min_notional');
    expect(checkOrder({ ...base, amount: '2.1' })).toBe('insufficient');
    expect(checkOrder({ ...base, side: 'sell', amount: '2.1' })).toBe('insufficient');
  });

  it('a market order needs no price of its own but is checked at the estimate', () => {
    expect(checkOrder({ ...base, kind: 'market', price: '' })).toBeNull();
    expect(checkOrder({ ...base, kind: 'market', price: '1000' })).toBe('insufficient');
    expect(checkOrder({ ...base, kind: 'market', side: 'sell', price: '', amount: '3' })).toBe('insufficient');
  });
});
