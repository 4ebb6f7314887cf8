import type { Side } from './matching-types.ts';

/**
 * One resting order, linked into the FIFO of its price level. Internal and mutable: the book hands
 * out copies, never nodes. Every field is set in the constructor so all nodes share one hidden class.
 */
export class OrderNode {
  readonly id: number;
  readonly userId: number;
  readonly side: Side;
  readonly level: PriceLevel;
  lots: number;
  prev: OrderNode | null;
  next: OrderNode | null;

  constructor(id: number, userId: number, side: Side, lots: number, level: PriceLevel) {
    this.id = id;
    this.userId = userId;
    this.side = side;
    this.level = level;
    this.lots = lots;
    this.prev = null;
    this.next = null;
  }
}

/**
 * The orders at one price, oldest first, as an intrusive doubly linked list: appending, taking the
 * head and unlinking any node (cancel, found through the book's id map) are all O(1). The level's
 * aggregate lots are kept incrementally, so depth never walks the orders.
 */
export class PriceLevel {
  readonly priceTicks: number;
  head: OrderNode | null;
  tail: OrderNode | null;
  totalLots: number;
  count: number;
  /** Already in its side's change set since the last takeChanges(): saves a Set.add per operation. */
  changed: boolean;

  constructor(priceTicks: number) {
    this.priceTicks = priceTicks;
    this.head = null;
    this.tail = null;
    this.totalLots = 0;
    this.count = 0;
    this.changed = false;
  }

  append(node: OrderNode): void {
    const tail = this.tail;
    node.prev = tail;
    node.next = null;
    if (tail === null) this.head = node;
    else tail.next = node;
    this.tail = node;
    this.totalLots += node.lots;
    this.count += 1;
  }

  /** Removes the node with whatever lots it still has. */
  unlink(node: OrderNode): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    this.totalLots -= node.lots;
    this.count -= 1;
  }
}
