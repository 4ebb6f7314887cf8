import { createHmac } from 'node:crypto';
import { ADDRESS_FORMATS, addressFamily } from './address-formats.ts';
import type { CustodyAdapter, CustodyNetwork, OutgoingTransfer } from './custody-adapter.ts';

/**
 * The built-in simulated chain's custody: deposit addresses derived from a server key (so each user
 * gets the same unique-looking address per network on every process), and withdrawals that are
 * "sent" at once with a made-up transaction hash.
 */
export class SimulatedCustody implements CustodyAdapter {
  readonly name = 'simulated';

  constructor(private readonly key: Buffer) {}

  private bytes(label: string): Uint8Array {
    return createHmac('sha512', this.key).update(label).digest();
  }

  depositAddress(userId: number, network: CustodyNetwork, attempt: number): string {
    const family = addressFamily(network.network, network.address_regex);
    const make = family ? ADDRESS_FORMATS[family] : undefined;
    if (!make) throw new Error(`the simulated chain has no address format for network ${network.network} (${network.address_regex})`);
    const address = make(this.bytes(`address:${network.id}:${userId}:${attempt}`));
    if (!new RegExp(network.address_regex).test(address)) throw new Error(`simulated address ${address} does not match ${network.address_regex}`);
    return address;
  }

  /** A transaction hash in the network's usual spelling (0x-prefixed on EVM chains). */
  txHash(network: CustodyNetwork, seed: string): string {
    const hex = Buffer.from(this.bytes(`tx:${seed}`)).toString('hex').slice(0, 64);
    return addressFamily(network.network, network.address_regex) === 'evm' ? `0x${hex}` : hex;
  }

  async broadcast(transfer: OutgoingTransfer): Promise<string> {
    return this.txHash(transfer.network, `withdrawal:${transfer.withdrawalId}`);
  }
}
