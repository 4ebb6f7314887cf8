import { describe, expect, it } from 'vitest';
import { SEED_CURRENCIES } from '../../server/db/seed/seed-currencies.ts';
import { SEED_SYMBOLS, TRADABLE_CURRENCIES } from '../../server/db/seed/seed-markets.ts';
import { decimalToMinor } from '../../server/domain/minor-units.ts';
import { REFERENCE_PRICES_USDT } from '../../server/domain/reference-prices.ts';
import { notionalMinor, symbolRulesOf, ticksFromPrice8, ticksToPrice } from '../../server/domain/spot-symbol-rules.ts';

const USDT = { id: 3, symbol: 'USDT', decimals: 6 };

/** The seeded pairs (no server needed): exact integer arithmetic, and prices on their tick grids. */
describe('seeded pairs', () => {
  it('every seeded pair is exact and has a reference price on its tick grid', () => {
    const decimals = new Map([...SEED_CURRENCIES, ...TRADABLE_CURRENCIES].map((c) => [c.symbol, c.decimals]));
    expect(SEED_SYMBOLS.filter((s) => s.category === 'coin').length).toBeGreaterThanOrEqual(30);
    for (const s of SEED_SYMBOLS) {
      const baseDecimals = decimals.get(s.base);
      expect(baseDecimals, s.base).toBeDefined();
      const lotMinor = decimalToMinor(s.lot, baseDecimals ?? 0);
      expect(lotMinor, `${s.base} lot`).not.toBeNull();
      const made = symbolRulesOf({ id: 1, base: { id: 1, symbol: s.base, decimals: baseDecimals ?? 0, image: '' }, quote: USDT, category: s.category, tickSize: s.tick, lotMinor: lotMinor ?? 0n, minNotionalMinor: 5_000_000n, makerFeePpm: 800, takerFeePpm: 1000, sort: 0 });
      expect(made.ok, `${s.base}: ${made.ok ? '' : made.problem}`).toBe(true);
      if (!made.ok) continue;
      const price = REFERENCE_PRICES_USDT[s.base];
      expect(price, `${s.base} reference price`).toBeDefined();
      const price8 = decimalToMinor(price ?? '0', 8) ?? 0n;
      expect(ticksToPrice(made.rules, ticksFromPrice8(made.rules, price8))).toBe(price);
      // A realistic order fits: the minimum value is a handful of lots at the reference price, not millions.
      const lotsForMin = Number(5_000_000n / notionalMinor(made.rules, ticksFromPrice8(made.rules, price8), 1));
      expect(lotsForMin, s.base).toBeLessThan(100_000_000);
    }
  });

});
