import { parseAmount } from '../../domain/amount-input.ts';
import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { describeUser, findUser, idArg, OpsError, table, unwrap, UsageError, type CommandArgs, type OpsContext } from '../../src/ops/ops-context.ts';
import { walletOf } from './wallet-services.ts';

async function currencyMaps(ctx: OpsContext) {
  return { currencies: await ctx.services.currencies.byId(), networks: await ctx.services.currencies.networksById() };
}

export async function deposit(ctx: OpsContext, { positional: [who, coin, amount, networkName], flags }: CommandArgs): Promise<string> {
  if (!coin || !amount) throw new UsageError('deposit needs a user, a coin and an amount');
  const user = await findUser(ctx, who);
  const currency = unwrap(await ctx.services.currencies.usable(coin, 'coin'));
  const minor = parseAmount(amount, currency.decimals, 'amount');
  if (!minor.ok) throw new OpsError(`bad amount "${amount}" for ${currency.symbol} (${currency.decimals} decimals at most, positive, plain digits)`);
  const networks = await ctx.services.currencies.networksOf(currency.id);
  const network = networkName ? networks.find((n) => n.network.toLowerCase() === networkName.toLowerCase()) : networks[0];
  if (!network) throw new OpsError(`${currency.symbol} has no network ${networkName ?? ''}; it has: ${networks.map((n) => n.network).join(', ')}`);
  const row = unwrap(await walletOf(ctx.modules).chain.send(user.id, network, minor.value));
  const head = `deposit #${row.id}: ${amount} ${currency.symbol} on ${network.network} to ${describeUser(user)} at ${row.address}, tx ${row.tx_hash}`;
  if (flags.has('--confirmed')) {
    const done = unwrap(await walletOf(ctx.modules).chain.confirm(row.id));
    return `${head}\ncredited with ${done.confirmations}/${done.required_confirmations} confirmations`;
  }
  const seconds = Math.ceil((row.required_confirmations * walletOf(ctx.modules).chain.blockMs) / 1000);
  return `${head}\nconfirming 0/${row.required_confirmations}: a running server credits it in about ${seconds} s (one block per ${walletOf(ctx.modules).chain.blockMs} ms), or run: confirm ${row.id}`;
}

export async function confirm(ctx: OpsContext, { positional: [which] }: CommandArgs): Promise<string> {
  const ids = which === 'all' ? (await walletOf(ctx.modules).deposits.confirming()).map((d) => d.id) : [idArg(which, 'deposit')];
  if (ids.length === 0) return 'no deposit is confirming';
  const lines: string[] = [];
  for (const id of ids) {
    const row = unwrap(await walletOf(ctx.modules).chain.confirm(id));
    lines.push(`deposit #${row.id}: ${row.state} (${row.confirmations}/${row.required_confirmations})`);
  }
  return lines.join('\n');
}

export async function deposits(ctx: OpsContext): Promise<string> {
  const rows = await walletOf(ctx.modules).deposits.confirming();
  if (rows.length === 0) return 'no deposit is confirming';
  const { currencies, networks } = await currencyMaps(ctx);
  return table([
    ['id', 'user', 'amount', 'network', 'confirmations', 'created'],
    ...rows.map((d) => {
      const c = currencies.get(d.currency_id);
      return [d.id, d.user_id, `${minorToDecimal(BigInt(d.amount_minor), c?.decimals ?? 0)} ${c?.symbol ?? ''}`, networks.get(d.network_id)?.network ?? '', `${d.confirmations}/${d.required_confirmations}`, d.created_at];
    }),
  ]);
}

export async function tick(ctx: OpsContext): Promise<string> {
  const credited = await walletOf(ctx.modules).chain.tick();
  return credited.length ? credited.map((d) => `deposit #${d.id} credited`).join('\n') : 'no deposit reached its confirmations';
}

export async function withdrawals(ctx: OpsContext): Promise<string> {
  const rows = await walletOf(ctx.modules).withdrawals.open();
  if (rows.length === 0) return 'no withdrawal is waiting';
  const { currencies, networks } = await currencyMaps(ctx);
  return table([
    ['id', 'user', 'state', 'amount', 'fee', 'network', 'address', 'created'],
    ...rows.map((w) => {
      const c = currencies.get(w.currency_id);
      const d = c?.decimals ?? 0;
      return [w.id, w.user_id, w.state, `${minorToDecimal(BigInt(w.amount_minor), d)} ${c?.symbol ?? ''}`, minorToDecimal(BigInt(w.fee_minor), d), networks.get(w.network_id)?.network ?? '', w.address, w.created_at];
    }),
  ]);
}

export async function withdrawApprove(ctx: OpsContext, { positional: [id] }: CommandArgs): Promise<string> {
  const row = unwrap(await walletOf(ctx.modules).withdrawals.approve(idArg(id, 'withdrawal'), ctx.operator));
  return `withdrawal #${row.id} approved and sent, tx ${row.tx_hash}`;
}

export async function withdrawReject(ctx: OpsContext, { positional: [id] }: CommandArgs): Promise<string> {
  const row = unwrap(await walletOf(ctx.modules).withdrawals.reject(idArg(id, 'withdrawal'), ctx.operator));
  return `withdrawal #${row.id} rejected; amount and fee are available to user ${row.user_id} again`;
}

export async function charges(ctx: OpsContext): Promise<string> {
  const rows = await walletOf(ctx.modules).charges.pending();
  if (rows.length === 0) return 'no top-up request is pending';
  const { currencies } = await currencyMaps(ctx);
  return table([
    ['id', 'user', 'amount', 'account', 'pay by', 'created'],
    ...rows.map((r) => {
      const c = currencies.get(r.currency_id);
      return [r.id, r.user_id, `${minorToDecimal(BigInt(r.amount_minor), c?.decimals ?? 0)} ${c?.symbol ?? ''}`, r.account, r.pay_type, r.created_at];
    }),
  ]);
}

export async function chargeCredit(ctx: OpsContext, { positional: [id] }: CommandArgs): Promise<string> {
  const row = unwrap(await walletOf(ctx.modules).charges.credit(idArg(id, 'top-up'), ctx.operator));
  return `top-up #${row.id} credited to user ${row.user_id}'s ${row.account} account`;
}

export async function chargeReject(ctx: OpsContext, { positional: [id] }: CommandArgs): Promise<string> {
  const row = unwrap(await walletOf(ctx.modules).charges.reject(idArg(id, 'top-up'), ctx.operator));
  return `top-up #${row.id} rejected`;
}

export async function balances(ctx: OpsContext, { positional: [who] }: CommandArgs): Promise<string> {
  const user = who === 'system' ? { id: SYSTEM_USER_ID, email: null } : await findUser(ctx, who);
  const rows = await ctx.services.ledgerReader.balancesOf(user.id);
  const { currencies } = await currencyMaps(ctx);
  const title = user.id === SYSTEM_USER_ID ? 'system accounts' : `user ${describeUser(user)}`;
  if (rows.length === 0) return `${title}: no balances`;
  return `${title}\n` + table([
    ['account', 'currency', 'available', 'frozen'],
    ...rows.map((r) => {
      const c = currencies.get(r.currencyId);
      return [r.name, c?.symbol ?? String(r.currencyId), minorToDecimal(r.available, c?.decimals ?? 0), minorToDecimal(r.frozen, c?.decimals ?? 0)];
    }),
  ]);
}
