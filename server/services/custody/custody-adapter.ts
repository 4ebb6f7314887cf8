/**
 * Where coins really live. The ledger never talks to a chain: it books what custody reports.
 *
 * Outgoing: an approved withdrawal is handed to `broadcast`, which answers the transaction hash;
 * only then is the withdrawal booked as sent. Incoming: an adapter (or its watcher process) calls
 * DepositService.recordIncoming when a transfer to one of our addresses appears, and
 * DepositService.setConfirmations as blocks arrive; the deposit is credited at the network's
 * required confirmations. The simulated chain (simulated-custody.ts, chain-simulator.ts) does
 * both on this machine; a real chain adapter implements this interface and drives the same calls.
 */
export interface CustodyNetwork {
  id: number;
  /** The network's name, such as "Bitcoin", "ERC20", "TRC20". */
  network: string;
  /** What a valid address on it looks like (currency_networks.address_regex). */
  address_regex: string;
}

export interface OutgoingTransfer {
  withdrawalId: number;
  network: CustodyNetwork;
  currency: string;
  address: string;
  amountMinor: bigint;
}

export interface CustodyAdapter {
  readonly name: string;
  /**
   * A deposit address for this user on this network, stable for a given attempt number. The caller
   * stores it and asks again with attempt + 1 only if another user already holds that address.
   */
  depositAddress(userId: number, network: CustodyNetwork, attempt: number): string;
  /**
   * Sends an approved withdrawal; answers the transaction hash or throws (then it stays approved and
   * `ops withdraw-approve` retries). Must be idempotent per withdrawalId: a retry after a crash
   * between sending and booking must answer the first transaction, never send twice.
   */
  broadcast(transfer: OutgoingTransfer): Promise<string>;
}
