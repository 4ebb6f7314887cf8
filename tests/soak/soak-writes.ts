import { between, pick, type Rng } from './prng.ts';

/** A soak user: funded, with a payment password and verified identity (soak-users.ts). */
export interface SoakUser {
  uid: number;
  email: string;
  token: string;
}

/** Ids the writes need, read once from the seeded database. */
export interface SoakIds {
  usdt: number;
  btc: number;
  btcPairId: number;
  usdtNetwork: number;
  usdtAddress: string;
  /** The finance products the seed made (soak-users.ts readEarnIds); null when none is open. */
  lock: { id: number; min: number } | null;
  ieo: { id: number; min: number; price: string } | null;
  invest: { id: number } | null;
  dual: { id: number; min: number } | null;
  /** The soak's approved copy trader (the first user): its futures are mirrored onto its followers. */
  trader: number | null;
}

/** What a user's earlier answers taught: ids a later write (cancel, close) can name. */
export interface Learned {
  spotOrders: number[];
  positions: number[];
  locks: number[];
}

export interface WriteContext {
  rng: Rng;
  user: SoakUser;
  peer: SoakUser;
  ids: SoakIds;
  learned: Learned;
}

/** One request: `keyed` when it carries an idempotency key (soak-run.ts adds it) and can be replayed. */
export interface SoakRequest {
  path: string;
  data: Record<string, string>;
  keyed: boolean;
}

export interface SoakWrite {
  name: string;
  /** Relative frequency in the mix. */
  weight: number;
  make(c: WriteContext): SoakRequest | null;
  /** Learns ids from an accepted answer's message. */
  learn?(message: unknown, learned: Learned): void;
}

export const SOAK_PAY_PASSWORD = 'soak-pay-1';

const amount = (rng: Rng, min: number, max: number, decimals: number) => (between(rng, min, max) / 10 ** decimals).toFixed(decimals);
const takeRandom = (rng: Rng, list: number[]): number | null => (list.length === 0 ? null : (list.splice(Math.floor(rng() * list.length), 1)[0] ?? null));
const ACCOUNTS = ['change', 'lever', 'micro'] as const;

/**
 * Every money-moving call the soak drives, one entry per write; a product module that lands adds
 * its writes here (issue 43: the soak covers every module).
 */
export const SOAK_WRITES: readonly SoakWrite[] = [
  {
    name: 'spot order',
    weight: 6,
    make: ({ rng }) => ({
      path: '/api/coin/trade',
      data: { symbol: 'BTC/USDT', type: pick(rng, ['buy', 'sell']), target_price: String(between(rng, 59_500, 60_500)), amount: amount(rng, 10, 200, 5) },
      keyed: true,
    }),
    learn: (message, learned) => {
      const order = message as { id?: number; state?: string };
      if (order.id && (order.state === 'open' || order.state === 'partial')) learned.spotOrders.push(order.id);
    },
  },
  {
    name: 'spot cancel',
    weight: 2,
    make: ({ rng, learned }) => {
      const id = takeRandom(rng, learned.spotOrders);
      return id === null ? null : { path: '/api/coin/cancel', data: { id: String(id) }, keyed: false };
    },
  },
  {
    name: 'account transfer',
    weight: 4,
    make: ({ rng, ids }) => {
      const from = pick(rng, ACCOUNTS);
      const to = pick(rng, ACCOUNTS.filter((a) => a !== from));
      return { path: '/api/wallet/change', data: { currency_id: String(ids.usdt), number: amount(rng, 1, 2000, 2), from_field: from, to_field: to }, keyed: true };
    },
  },
  {
    name: 'exchange',
    weight: 1,
    make: ({ rng }) => ({ path: '/api/wallet/exchange', data: { from_currency: 'USDT', to_currency: 'BTC', amount: amount(rng, 100, 5000, 2) }, keyed: true }),
  },
  {
    name: 'transfer to a user',
    weight: 2,
    make: ({ rng, ids, peer }) => ({
      path: '/api/user/Transfer',
      data: { currency_id: String(ids.usdt), account: String(peer.uid), amount: amount(rng, 100, 3000, 2), pay_password: SOAK_PAY_PASSWORD },
      keyed: true,
    }),
  },
  {
    name: 'withdrawal',
    weight: 1,
    make: ({ rng, ids }) => ({
      path: '/api/wallet/out',
      data: { currency_id: String(ids.usdt), network_id: String(ids.usdtNetwork), address: ids.usdtAddress, amount: amount(rng, 20, 50, 0), pay_password: SOAK_PAY_PASSWORD },
      keyed: true,
    }),
  },
  {
    name: 'futures open',
    weight: 3,
    make: ({ rng }) => ({ path: '/api/lever/submit', data: { symbol: 'BTC/USDT', type: pick(rng, ['long', 'short']), multiple: String(pick(rng, [5, 10, 20])), lots: String(between(rng, 1, 5)) }, keyed: true }),
    learn: (message, learned) => {
      const position = (message as { position?: { id?: number; state?: string } }).position;
      if (position?.id && position.state === 'open') learned.positions.push(position.id);
    },
  },
  {
    name: 'futures close',
    weight: 2,
    make: ({ rng, learned }) => {
      const id = takeRandom(rng, learned.positions);
      return id === null ? null : { path: '/api/lever/close', data: { id: String(id) }, keyed: true };
    },
  },
  {
    name: 'option',
    weight: 2,
    make: ({ rng, ids }) => ({
      path: '/api/microtrade/submit',
      data: { match_id: String(ids.btcPairId), currency_id: String(ids.usdt), type: pick(rng, ['up', 'down']), seconds: '30', number: String(between(rng, 10, 40)) },
      keyed: true,
    }),
  },
  {
    name: 'lock',
    weight: 2,
    make: ({ rng, ids }) => (ids.lock ? { path: '/api/lh/deposit', data: { config_id: String(ids.lock.id), amount: String(ids.lock.min * between(rng, 1, 3)) }, keyed: true } : null),
    learn: (message, learned) => {
      const order = message as { id?: number };
      if (order.id) learned.locks.push(order.id);
    },
  },
  {
    name: 'early redeem',
    weight: 1,
    make: ({ rng, learned }) => {
      const id = takeRandom(rng, learned.locks);
      return id === null ? null : { path: '/api/lh/deposit/order/cancel', data: { id: String(id) }, keyed: true };
    },
  },
  {
    name: 'ieo subscription',
    weight: 1,
    make: ({ rng, ids }) => (ids.ieo
      ? { path: '/api/project/order', data: { project_id: String(ids.ieo.id), amount: String(ids.ieo.min * between(rng, 1, 4)), pay_currency: 'USDT', price: ids.ieo.price }, keyed: true }
      : null),
  },
  {
    name: 'invest purchase',
    weight: 1,
    make: ({ rng, ids }) => (ids.invest ? { path: '/api/invest/buy', data: { id: String(ids.invest.id), num: String(between(rng, 1, 3)) }, keyed: true } : null),
  },
  {
    name: 'dual purchase',
    weight: 1,
    make: ({ rng, ids }) => (ids.dual ? { path: '/api/dual/buyDual', data: { id: String(ids.dual.id), num: String(ids.dual.min * between(rng, 1, 3)) }, keyed: true } : null),
  },
  {
    name: 'follow',
    weight: 1,
    make: ({ rng, ids, user }) => (ids.trader && ids.trader !== user.uid
      ? { path: '/api/follow/follow', data: { trader_user_id: String(ids.trader), type: 'multiple', number: pick(rng, ['0.5', '1', '2']), budget: String(between(rng, 100, 400)), agree: '1' }, keyed: true }
      : null),
  },
  {
    name: 'unfollow',
    weight: 1,
    make: ({ rng, ids, user }) => (ids.trader && ids.trader !== user.uid
      ? { path: '/api/follow/cancel', data: { follow_user_id: String(ids.trader), close_positions: pick(rng, ['1', '0']) }, keyed: true }
      : null),
  },
];

