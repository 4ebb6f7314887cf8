import type { OptionDirection, OptionListStatus, OptionPeriod, PayableCurrency, OptionOrder } from '../../../contract/api/contracts.ts';
import type { Page } from '../../../contract/envelope.ts';
import { ppmToText, priceTextToTicks } from '../../domain/futures-prices.ts';
import { decimalToMinor, minorToDecimal } from '../../domain/minor-units.ts';
import { OPTION_ACCOUNT, optionEntryTicks, stakePostings } from '../../domain/options-rules.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { CurrencyRow } from '../currency-service.ts';
import type { IdempotencyService, IdempotentCall } from '../ledger/idempotency-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { ContractDirectory, ContractSymbol } from './contract-directory.ts';
import { markLookup } from './futures-reads.ts';
import type { MarkPriceSource } from './mark-price-source.ts';
import { optionView, type OptionRow } from './option-views.ts';
import { optionDue } from './option-due.ts';
import type { DueWork } from '../due-work/due-work.ts';

export interface OptionForm {
  symbol: ContractSymbol;
  currency: CurrencyRow;
  direction: OptionDirection;
  seconds: number;
  stakeMinor: bigint;
}

interface PeriodRow {
  seconds: number;
  currency: string;
  profit_rate_ppm: number;
  min_stake: string;
  max_stake: string;
}

/**
 * Seconds options for users: the stake currencies and expiry choices, placing an option (stake frozen
 * in the micro account at the entry price of options-rules.ts, one journal, idempotency key required),
 * and the user's lists. Settlement is the OptionsSettler's, as due work scheduled when an option is placed.
 */
export class OptionsService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly directory: ContractDirectory,
    private readonly source: MarkPriceSource,
    private readonly dueWork: DueWork,
  ) {}

  private async periods(currencySymbol?: string): Promise<PeriodRow[]> {
    let query = this.ctx.db.selectFrom('option_periods').select(['seconds', 'currency', 'profit_rate_ppm', 'min_stake', 'max_stake']).where('status', '=', 1);
    if (currencySymbol) query = query.where('currency', '=', currencySymbol);
    return query.orderBy('sort').orderBy('seconds').execute();
  }

  private async listedCurrencies(): Promise<CurrencyRow[]> {
    const symbols = [...new Set((await this.periods()).map((p) => p.currency))];
    if (symbols.length === 0) return [];
    const rows = await this.ctx.db.selectFrom('currencies').selectAll().where('symbol', 'in', symbols).where('status', '=', 1).execute();
    return symbols.flatMap((s) => rows.filter((r) => r.symbol === s));
  }

  async payableCurrencies(userId: number | null): Promise<Outcome<PayableCurrency[]>> {
    const currencies = await this.listedCurrencies();
    const balances = userId === null ? [] : await this.ctx.db.selectFrom('ledger_accounts').select(['currency_id', 'available_minor'])
      .where('user_id', '=', userId).where('name', '=', OPTION_ACCOUNT).execute();
    return success(currencies.map((c) => ({
      currency_id: c.id, currency: c.symbol, decimals: c.decimals,
      available: minorToDecimal(BigInt(balances.find((b) => b.currency_id === c.id)?.available_minor ?? '0'), c.decimals),
    })));
  }

  async seconds(currencyId: number | undefined): Promise<Outcome<OptionPeriod[]>> {
    const currencies = (await this.listedCurrencies()).filter((c) => currencyId === undefined || c.id === currencyId);
    if (currencyId !== undefined && currencies.length === 0) return failure('OPTION.CURRENCY_UNAVAILABLE', 'currency_id');
    const out: OptionPeriod[] = [];
    for (const c of currencies) {
      for (const p of await this.periods(c.symbol)) {
        out.push({ seconds: p.seconds, profit_rate: ppmToText(p.profit_rate_ppm), currency_id: c.id, currency: c.symbol, min_stake: p.min_stake, max_stake: p.max_stake });
      }
    }
    return success(out);
  }

  async submit(call: IdempotentCall, form: OptionForm): Promise<Outcome<OptionOrder>> {
    const replay = await this.idempotency.replay<OptionOrder>(call);
    if (replay) return replay;
    const periods = await this.periods(form.currency.symbol);
    if (periods.length === 0) return failure('OPTION.CURRENCY_UNAVAILABLE', 'currency_id');
    const period = periods.find((p) => p.seconds === form.seconds);
    if (!period) return failure('OPTION.PERIOD_UNAVAILABLE', 'seconds');
    const min = decimalToMinor(period.min_stake, form.currency.decimals) ?? 0n;
    const max = decimalToMinor(period.max_stake, form.currency.decimals);
    if (form.stakeMinor < min) return failure('OPTION.STAKE_TOO_SMALL', 'number');
    if (max !== null && form.stakeMinor > max) return failure('OPTION.STAKE_TOO_LARGE', 'number');
    const mark = markLookup(this.source)(form.symbol.symbol);
    if (mark === null) return failure('CONTRACT.PRICE_UNAVAILABLE', 'match_id');
    const target = this.source.target(form.symbol.symbol);
    const quote = this.source.quote?.(form.symbol.symbol) ?? { bid: null, ask: null };
    const toTicks = (text: string | null) => (text === null ? null : priceTextToTicks(text));
    const entry = optionEntryTicks(form.direction, mark, toTicks(target) ?? mark, { bid: toTicks(quote.bid), ask: toTicks(quote.ask) });
    const params = await this.directory.params();
    return this.idempotency.run(call, async (trx) => {
      const open = await trx.selectFrom('seconds_options').select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', call.userId).where('state', '=', 'open').executeTakeFirst();
      if (Number(open?.n ?? 0) >= params.maxOpenOptions) return failure('OPTION.TOO_MANY_OPEN');
      const now = this.ctx.clock.now();
      const expiresAt = new Date(now.getTime() + form.seconds * 1000);
      const row = await trx.insertInto('seconds_options').values({
        user_id: call.userId, symbol_id: form.symbol.id, symbol: form.symbol.symbol, currency_id: form.currency.id, direction: form.direction,
        seconds: form.seconds, stake_minor: form.stakeMinor.toString(), profit_rate_ppm: period.profit_rate_ppm, entry_price_ticks: entry.toString(),
        exit_price_ticks: null, state: 'open', outcome: null, result_minor: null, created_at: iso(now),
        expires_at: iso(expiresAt), exit_mark_at: null, settled_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: 'option_stake', userId: call.userId, refType: 'seconds_option', refId: row.id, reversesJournalId: null,
        postings: stakePostings(call.userId, form.currency.id, form.stakeMinor),
      });
      if (!journal.ok) return { ...journal, field: 'number' };
      await this.dueWork.schedule(trx, optionDue(row.id, iso(expiresAt)));
      const stored = await trx.selectFrom('seconds_options').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      return success(optionView(stored, form.currency));
    });
  }

  async list(userId: number, status: OptionListStatus, paging: Paging): Promise<Outcome<Page<OptionOrder>>> {
    const query = this.ctx.db.selectFrom('seconds_options').where('user_id', '=', userId).where('state', '=', status === 'settled' ? 'settled' : 'open');
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    return success({ data: await this.views(rows), page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  /** One of the user's options; another user's id answers COMMON.NOT_FOUND. */
  async get(userId: number, id: number): Promise<Outcome<OptionOrder>> {
    const row = await this.ctx.db.selectFrom('seconds_options').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    const [view] = await this.views([row]);
    return view ? success(view) : failure('COMMON.NOT_FOUND', 'id');
  }

  async views(rows: OptionRow[]): Promise<OptionOrder[]> {
    const ids = [...new Set(rows.map((r) => r.currency_id))];
    const currencies = ids.length ? await this.ctx.db.selectFrom('currencies').select(['id', 'symbol', 'decimals']).where('id', 'in', ids).execute() : [];
    return rows.map((row) => optionView(row, currencies.find((c) => c.id === row.currency_id) ?? { symbol: '', decimals: 0 }));
  }
}
