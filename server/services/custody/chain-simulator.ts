import { randomBytes } from 'node:crypto';
import { failure, type Outcome } from '../../domain/outcome.ts';
import type { NetworkRow } from '../currency-service.ts';
import type { Log, ServiceContext } from '../service-context.ts';
import type { DepositRow, DepositService } from '../wallet/deposit-service.ts';
import type { SimulatedCustody } from './simulated-custody.ts';

/**
 * The simulated chain's incoming side. An operator "sends" coins to a user's deposit address
 * (ops deposit); a block arrives every `blockMs` and adds one confirmation to every deposit still
 * confirming (tick, run every second by the server and by `ops confirm`), or an operator confirms a
 * deposit at once (ops confirm <id>). Confirmations are counted from the deposit's last one, using
 * the service clock, so every process agrees whatever its timers.
 */
export class ChainSimulator {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deposits: DepositService,
    private readonly custody: SimulatedCustody,
    readonly blockMs: number,
  ) {}

  async send(userId: number, network: NetworkRow, amountMinor: bigint): Promise<Outcome<DepositRow>> {
    const address = await this.deposits.addressFor(userId, network);
    const txHash = this.custody.txHash(network, `deposit:${randomBytes(16).toString('hex')}`);
    return this.deposits.recordIncoming({ networkId: network.id, address, amountMinor, txHash });
  }

  /** Adds the confirmations of the blocks mined since each deposit's last one; answers the deposits credited. */
  async tick(): Promise<DepositRow[]> {
    const nowMs = this.ctx.clock.now().getTime();
    const credited: DepositRow[] = [];
    for (const row of await this.deposits.confirming()) {
      const blocks = Math.floor((nowMs - Date.parse(row.confirmed_at)) / this.blockMs);
      if (blocks <= 0) continue;
      const updated = await this.deposits.setConfirmations(row.id, row.confirmations + blocks);
      if (updated.ok && updated.value.state === 'credited') credited.push(updated.value);
    }
    return credited;
  }

  /** Mines all the blocks a deposit still needs. */
  async confirm(depositId: number): Promise<Outcome<DepositRow>> {
    const row = await this.ctx.db.selectFrom('deposits').selectAll().where('id', '=', depositId).executeTakeFirst();
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    if (row.state !== 'confirming') return failure('WALLET.NOT_CHANGEABLE', 'id');
    return this.deposits.setConfirmations(row.id, row.required_confirmations);
  }
}

/** How often the server looks for new simulated blocks; confirmations themselves follow blockMs. */
const TICK_MS = 1000;

/** Runs the simulator's tick every second in this process; the timer never keeps the process alive. */
export function startChainTicker(chain: ChainSimulator, log: Log): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    chain.tick()
      .then((credited) => { for (const d of credited) log.info({ deposit: d.id, user: d.user_id }, 'deposit credited'); })
      .catch((error: unknown) => log.warn({ err: error }, 'chain tick failed'))
      .finally(() => { running = false; });
  }, TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
