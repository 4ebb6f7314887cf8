import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { Log } from '../services/service-context.ts';
import { clientAddress } from './client-address.ts';
import { RequestBudget } from './request-budget.ts';

/**
 * Open sockets per client address. A carrier's NAT puts many phones behind one address and each
 * open app holds one socket, so this is a ceiling for a crowd, not for one person.
 */
export const SOCKETS_PER_ADDRESS = 20;
/** New connections per address: enough for every socket of a full address to reconnect at once, twice. */
export const HANDSHAKE_BURST = 40;
/** Then one a second (60 a minute): each legitimate socket needs one per (re)connect. */
export const HANDSHAKES_PER_SECOND = 1;
/** Stream requests of all an address's sockets: ten full resubscriptions at once (a reconnect storm behind one NAT). */
export const ADDRESS_EVENT_BURST = 200;
/** Then the HTTP API's default pace (RATE_LIMIT_PER_MIN 1,200 a minute): a user subscribe costs a session lookup, as a request does. */
export const ADDRESS_EVENTS_PER_SECOND = 20;
/** Addresses tracked at most; past this, after a sweep, a new address's handshake is refused (memory stays bounded under an address-rotating flood). */
export const ADDRESSES_MAX = 100_000;
const SWEEP_INTERVAL_MS = 10_000;
/** A sweep forced by a full table runs at most this often, so a flood cannot make every handshake walk the table. */
const FORCED_SWEEP_MIN_MS = 1_000;

/** The message a refused handshake carries (engine.io's 403 body `{"code":4,"message":...}`): the contract's code. */
export const HANDSHAKE_REFUSED: ErrorCode = 'COMMON.RATE_LIMITED';

export interface AddressLimitOptions {
  /** TRUST_PROXY: the client address is X-Forwarded-For's, as for the HTTP API's rate limit. */
  trustProxy: boolean;
  socketsPerAddress: number;
  handshakeBurst: number;
  handshakesPerSecond: number;
  eventBurst: number;
  eventsPerSecond: number;
  addressesMax: number;
  sweepIntervalMs: number;
}

interface AddressState {
  handshakes: RequestBudget;
  events: RequestBudget;
  /** Engine connections open or being set up: counted from the handshake on, so simultaneous upgrades cannot overshoot. */
  open: number;
}

/** An allowed handshake whose connection is not open yet. */
interface Reservation {
  state: AddressState;
  release(): void;
}

/** The engine.io connection, as far as these limits need it. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
}

interface EngineEvents {
  on(event: 'connection', listener: (connection: EngineConnection) => void): unknown;
  on(event: 'connection_error', listener: (error: { req: IncomingMessage }) => void): unknown;
}

/**
 * Per client address, for socket.io (which sits on the raw HTTP server, in front of Fastify's
 * rate limit): a budget of handshakes, a cap on open connections, and one stream-request budget
 * shared by all the address's sockets (so opening more sockets buys no more session lookups).
 * An address's entry is dropped once it has no connection and its budgets have refilled, when a
 * new one would start the same: nothing is forgotten early. Limits are per process: with
 * REDIS_URL, N processes behind a balancer let an address have up to N times as much.
 */
export class AddressLimits {
  private readonly options: AddressLimitOptions;
  private readonly addresses = new Map<string, AddressState>();
  private readonly pending = new Map<IncomingMessage, Reservation>();
  private readonly byRequest = new WeakMap<IncomingMessage, AddressState>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private lastSweepMs = -Infinity;
  private refused = 0;
  private lastRefused = '';

  constructor(options: Partial<AddressLimitOptions>, private readonly log: Log, private readonly now: () => number = () => performance.now()) {
    this.options = {
      trustProxy: false,
      socketsPerAddress: SOCKETS_PER_ADDRESS,
      handshakeBurst: HANDSHAKE_BURST,
      handshakesPerSecond: HANDSHAKES_PER_SECOND,
      eventBurst: ADDRESS_EVENT_BURST,
      eventsPerSecond: ADDRESS_EVENTS_PER_SECOND,
      addressesMax: ADDRESSES_MAX,
      sweepIntervalMs: SWEEP_INTERVAL_MS,
      ...options,
    };
    this.sweeper = setInterval(() => this.sweep(), this.options.sweepIntervalMs);
    this.sweeper.unref();
  }

  /**
   * engine.io's allowRequest: called for each new connection (not for the requests of an open one).
   * A refused client gets a 403 (polling; the message is in the body) or a failed upgrade (websocket;
   * browsers do not show why) and its socket.io client retries with its usual backoff.
   */
  readonly allowRequest = (req: IncomingMessage, answer: (err: string | null | undefined, success: boolean) => void): void => {
    const address = clientAddress(req, this.options.trustProxy);
    const state = this.stateOf(address, true);
    // At the cap, a refused attempt spends no handshake: a full NAT's waiting clients get the next free slot.
    if (!state || state.open >= this.options.socketsPerAddress || !state.handshakes.take()) {
      this.refused += 1;
      this.lastRefused = address;
      answer(HANDSHAKE_REFUSED, false);
      return;
    }
    state.open += 1;
    const socket = req.socket;
    const release = () => {
      if (!this.pending.delete(req)) return;
      socket.off('close', release);
      state.open -= 1;
    };
    this.pending.set(req, { state, release });
    // The handshake may still fail after this (a bad websocket upgrade): the connection then closes.
    socket.once('close', release);
    answer(null, true);
  };

  /** Follows the engine's connections: a reservation becomes an open connection, released when it closes. */
  attach(engine: EngineEvents): void {
    engine.on('connection', (connection) => {
      const req = connection.request;
      const reservation = this.pending.get(req);
      let state: AddressState;
      if (reservation) {
        this.pending.delete(req);
        req.socket.off('close', reservation.release);
        state = reservation.state;
      } else {
        // The handshake's TCP connection closed before the engine opened it: count it again.
        state = this.stateOf(clientAddress(req, this.options.trustProxy), false) as AddressState;
        state.open += 1;
      }
      this.byRequest.set(req, state);
      connection.once('close', () => {
        state.open -= 1;
      });
    });
    engine.on('connection_error', (error) => this.pending.get(error.req)?.release());
  }

  /** The stream-request budget shared by every socket of the address that made this handshake. */
  eventBudget(req: IncomingMessage): RequestBudget {
    return (this.byRequest.get(req) ?? (this.stateOf(clientAddress(req, this.options.trustProxy), false) as AddressState)).events;
  }

  /** Addresses tracked now (for tests and operators). */
  get size(): number {
    return this.addresses.size;
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  /** Drops the entries a fresh one would equal; logs how many handshakes were refused since the last sweep. */
  sweep(): void {
    this.lastSweepMs = this.now();
    for (const [address, state] of this.addresses) {
      if (state.open === 0 && state.handshakes.full() && state.events.full()) this.addresses.delete(address);
    }
    if (this.refused > 0) {
      this.log.warn({ refused: this.refused, lastAddress: this.lastRefused, trackedAddresses: this.addresses.size }, 'socket.io handshakes refused by the per-address limits');
      this.refused = 0;
    }
  }

  /** The address's entry, created if needed; null when a new one would pass addressesMax (new handshakes only). */
  private stateOf(address: string, bounded: boolean): AddressState | null {
    const known = this.addresses.get(address);
    if (known) return known;
    if (bounded && this.addresses.size >= this.options.addressesMax) {
      if (this.now() - this.lastSweepMs >= FORCED_SWEEP_MIN_MS) this.sweep();
      if (this.addresses.size >= this.options.addressesMax) return null;
    }
    const state: AddressState = {
      handshakes: new RequestBudget(this.options.handshakeBurst, this.options.handshakesPerSecond, this.now),
      events: new RequestBudget(this.options.eventBurst, this.options.eventsPerSecond, this.now),
      open: 0,
    };
    this.addresses.set(address, state);
    return state;
  }
}
