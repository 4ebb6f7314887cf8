import type { OptionSettledMessage, RiskMessage } from '../../../contract/api/contracts.ts';

/** What contracts announce for a user's private channel; the realtime layer forwards it to the user's sockets. */
export type ContractEvent =
  | { type: 'risk'; userId: number; message: RiskMessage }
  | { type: 'option'; userId: number; message: OptionSettledMessage };

export type ContractListener = (event: ContractEvent) => void;

/**
 * Fan-out of contract events with a sequence number per user and event (risk, option), counted from 1
 * in this process. A client that sees a gap re-reads /lever/dealall (which answers the risk seq it is
 * current to) or /microtrade/lists. Users whose positions a request changed are marked "touched" so
 * the next trigger-loop pass sends them a risk message even if prices did not move.
 */
export class ContractEvents {
  private readonly listeners = new Set<ContractListener>();
  private readonly riskSeq = new Map<number, number>();
  private readonly optionSeq = new Map<number, number>();
  private touchedUsers = new Set<number>();
  private changedRows = new Map<number, Set<number>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  subscribe(listener: ContractListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  seqOf(userId: number): number {
    return this.riskSeq.get(userId) ?? 0;
  }

  touched(userId: number): void {
    this.touchedUsers.add(userId);
  }

  /** The users touched since the last call. */
  takeTouched(): Set<number> {
    const taken = this.touchedUsers;
    this.touchedUsers = new Set();
    return taken;
  }

  /**
   * A position or order of the user changed state outside the trigger loop's own steps (a pending
   * order cancelled to pay a close, or by a liquidation): the next risk message lists it in
   * `changed`, so the app drops it and tells the user.
   */
  changed(userId: number, positionId: number): void {
    const ids = this.changedRows.get(userId) ?? new Set<number>();
    ids.add(positionId);
    this.changedRows.set(userId, ids);
    this.touchedUsers.add(userId);
  }

  /** The rows marked changed since the last call, by user. */
  takeChanged(): Map<number, number[]> {
    const taken = new Map<number, number[]>([...this.changedRows].map(([userId, ids]) => [userId, [...ids]]));
    this.changedRows = new Map();
    return taken;
  }

  emitRisk(userId: number, body: Omit<RiskMessage, 'seq'>): void {
    const seq = (this.riskSeq.get(userId) ?? 0) + 1;
    this.riskSeq.set(userId, seq);
    this.emit({ type: 'risk', userId, message: { seq, ...body } });
  }

  emitOption(userId: number, option: OptionSettledMessage['option']): void {
    const seq = (this.optionSeq.get(userId) ?? 0) + 1;
    this.optionSeq.set(userId, seq);
    this.emit({ type: 'option', userId, message: { seq, option } });
  }

  private emit(event: ContractEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
