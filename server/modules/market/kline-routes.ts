import type { FastifyInstance } from 'fastify';
import type { KlineInterval } from '../../../contract/api/market.ts';
import { isKlineInterval } from '../../domain/kline-intervals.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import type { MarketServices } from './market-services.ts';
import { KLINE_LIMIT_DEFAULT, KLINE_LIMIT_MAX } from '../../services/market-data/market-data-service.ts';
import * as market from '../../../contract/endpoints/market.ts';
import { endpointsOn, type Call } from '../../http/define-route.ts';
import { pairField } from './market-fields.ts';
import { optionalIdField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type KlineRoutesServices = Pick<Services, 'sessions'> & Pick<MarketServices, 'marketData' | 'markets'>;

/** Older clients name periods the long way ("1min", "1day"); both forms are accepted. */
const PERIOD_ALIASES: Readonly<Record<string, KlineInterval>> = {
  '1min': '1m', '5min': '5m', '15min': '15m', '30min': '30m', '60min': '1h', '1hour': '1h', '4hour': '4h', '1day': '1d', '1week': '1w',
};

function periodField(call: Call): Outcome<KlineInterval> {
  const raw = call.input.period ?? call.input.interval;
  if (raw === undefined || raw.trim() === '') return failure('VALID.REQUIRED', 'period');
  const period = raw.trim();
  const known = isKlineInterval(period) ? period : PERIOD_ALIASES[period.toLowerCase()];
  return known ? success(known) : failure('MARKET.PERIOD_INVALID', 'period');
}

/**
 * GET /currency/new_timeshar?symbol=BTC/USDT&period=1m&limit=300 (or currency_id + legal_id):
 * the latest candles, oldest first, up to the current one; limit defaults to 300, larger asks get
 * 1,000 at most.
 */
export function registerKlineRoutes(app: FastifyInstance, services: KlineRoutesServices): void {
  endpointsOn(app, services)(market.klines, async (call) => {
      await services.markets.ready();
      const pair = pairField(call, services);
      if (!pair.ok) return pair;
      const period = periodField(call);
      if (!period.ok) return period;
      const limit = optionalIdField(call, 'limit');
      if (!limit.ok) return limit;
      const klines = await services.marketData.klines(pair.value.symbol, period.value, Math.min(limit.value ?? KLINE_LIMIT_DEFAULT, KLINE_LIMIT_MAX));
      return klines ? success(klines) : failure('MARKET.SYMBOL_UNAVAILABLE', 'symbol');
  });
}
