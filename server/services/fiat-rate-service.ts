import { FIAT_CODES, type FiatRate } from '../../contract/api/wallet.ts';
import { FALLBACK_FIAT_RATES, FALLBACK_RATES_SAVED_AT, parseRatesPayload, ratesStale } from '../domain/fiat-rates.ts';
import type { ServiceContext } from './service-context.ts';
import { writeTransaction } from './write-transaction.ts';

/** How long one fetch of the rates source may take before it is abandoned. */
export const RATES_FETCH_TIMEOUT_MS = 3000;
/** The longest a request waits for the very first fetch before answering the bundled table. */
const FIRST_FETCH_WAIT_MS = 1500;
/** After a failed fetch, do not try again for this long (a dead source must not be hit per request). */
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;

/**
 * Fiat rates (units per USD) for GET /wallet/getRateCurrency, kept in the database so every process
 * shares one fetch. Stale rates (24 h) are answered at once while one background fetch refreshes
 * them; a source that never answered gives the bundled fallback table. No request waits on the
 * network for more than a moment.
 */
export class FiatRateService {
  private inFlight: Promise<boolean> | null = null;
  private lastFailureMs = -Infinity;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly ratesUrl: string | undefined,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async rates(): Promise<FiatRate[]> {
    const stored = await this.stored();
    if (stored) {
      if (ratesStale(stored[0]?.saveTime ?? 0, this.ctx.clock.now().getTime())) void this.refresh();
      return stored;
    }
    const fetched = await Promise.race([this.refresh(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_FETCH_WAIT_MS).unref())]);
    return (fetched ? await this.stored() : null) ?? FIAT_CODES.map((code) => ({ currency_code: code, rate: FALLBACK_FIAT_RATES[code], saveTime: FALLBACK_RATES_SAVED_AT }));
  }

  /** The stored table, or null unless every fiat code has a rate. */
  private async stored(): Promise<FiatRate[] | null> {
    const rows = await this.ctx.db.selectFrom('fiat_rates').selectAll().execute();
    const byCode = new Map(rows.map((r) => [r.currency_code, r]));
    const rates: FiatRate[] = [];
    for (const code of FIAT_CODES) {
      const row = byCode.get(code);
      if (!row) return null;
      rates.push({ currency_code: code, rate: row.rate, saveTime: Number(row.saved_at_ms) });
    }
    return rates;
  }

  /** One fetch at a time per process; true when fresh rates were stored. */
  refresh(): Promise<boolean> {
    const nowMs = this.ctx.clock.now().getTime();
    if (!this.ratesUrl || nowMs - this.lastFailureMs < RETRY_AFTER_FAILURE_MS) return Promise.resolve(false);
    this.inFlight ??= this.fetchAndStore().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async fetchAndStore(): Promise<boolean> {
    try {
      const response = await this.fetcher(this.ratesUrl as string, { signal: AbortSignal.timeout(RATES_FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
      const rates = response.ok ? parseRatesPayload(await response.json()) : null;
      if (!rates) throw new Error(`unusable answer (HTTP ${response.status})`);
      const savedAt = String(this.ctx.clock.now().getTime());
      await writeTransaction(this.ctx, async (trx) => {
        for (const [currency_code, rate] of Object.entries(rates)) {
          await trx.insertInto('fiat_rates').values({ currency_code, rate, saved_at_ms: savedAt })
            .onConflict((oc) => oc.column('currency_code').doUpdateSet({ rate, saved_at_ms: savedAt })).execute();
        }
      });
      return true;
    } catch (error) {
      this.lastFailureMs = this.ctx.clock.now().getTime();
      this.ctx.log.warn({ err: error, url: this.ratesUrl }, 'fiat rates refresh failed; serving stored or bundled rates');
      return false;
    }
  }
}
