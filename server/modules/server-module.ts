import type { Endpoint } from '../../contract/endpoint.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbDialect } from '../db/open-database.ts';
import type { ErrorTexts } from '../http/error-texts.ts';
import type { OpsCommand } from '../src/ops/ops-context.ts';
import type { ServiceOptions, Services } from '../services/create-services.ts';
import type { DueHandler } from '../services/due-work/due-work.ts';
import type { StreamSource } from '../realtime/engine-snapshots.ts';
import type { HoldSource } from '../services/ledger/ledger-check.ts';
import type { StreamSink } from '../services/market-data/stream-sink.ts';
import type { Log, ServiceContext } from '../services/service-context.ts';

/** The modules built so far (earlier in the list), each reached through its face's accessor. */
export interface ModulesBuilt {
  own(name: string): unknown;
}

/** What a module's `open` learns of its process. */
export interface OpenRuntime {
  ctx: ServiceContext;
  services: Services;
  /** True in the process that runs the engine (always on SQLite). */
  leader: boolean;
  options: ServiceOptions;
}

/** What a module runs in the background; stopped before the server closes its database. */
export interface Running {
  stop(): void | Promise<void>;
}

/**
 * A product's face to the platform: the hubs (migrations, the ledger check, error texts, routes,
 * due work, the ops command line, engine forwarding, timed loops) loop over the module list
 * (modules.ts) and never name a product. Everything is optional; a module lists only what it has.
 * `Own` is what its `create` builds (its services); the platform hands it back to its routes, due
 * work and loops, and other modules reach it only through this face (module-set.ts).
 */
export interface ServerModule<Own = unknown> {
  /** One name per product across layers: "wallet", "market", "contracts", "lockming". */
  name: string;
  /**
   * Builds its services from the platform's, once per process, in list order; `options` are the
   * process's service settings (CHAIN_BLOCK_MS ...).
   */
  create?(ctx: ServiceContext, services: Services, options: ServiceOptions, modules: ModulesBuilt): Own | Promise<Own>;
  /**
   * Brings it up before the server takes requests (books, candles and marks from the database) and
   * starts what runs on the engine leader; what it answers is stopped first when the server closes.
   */
  open?(own: Own, runtime: OpenRuntime): Promise<Running | null>;
  /** Releases what it holds once the server no longer answers (a writer thread, connections). */
  close?(own: Own): Promise<void>;
  /** Its migrations, named "NNNN_what"; all modules' run in one order by name. */
  migrations?(dialect: DbDialect): Record<string, Migration>;
  /**
   * Its first-start data (products, so the screens are alive), in the seed's transaction after the
   * platform's (coins, pairs, the demo user); must change nothing when run again.
   */
  seed?(trx: Kysely<Database>, now: Date): Promise<void>;
  /** Its HTTP routes; each route file takes only the services it uses (a Pick of Services). */
  routes?(app: FastifyInstance, services: Services, own: Own): void;
  /** The texts of its error codes (declared in contract/error-codes.ts) in every locale. */
  errorTexts?: ErrorTexts;
  /** What it holds frozen in users' accounts, for the ledger check. */
  holds?: readonly HoldSource[];
  /** Its kinds of work due at a time (dividends, settlements ...); the engine leader runs them. */
  due?(services: Services, own: Own): readonly DueHandler[];
  /** Its operator commands, by name. */
  ops?: Readonly<Record<string, OpsCommand>>;
  /** Its routes that need the matching engine's memory: a follower forwards them to the leader. */
  engineRoutes?: readonly Endpoint[];
  /**
   * What it sends on users' private channels ("user:<uid>" rooms of the sink), in the process that
   * runs the engine; answers how to stop.
   */
  userEvents?(services: Services, sink: StreamSink, own: Own): () => void;
  /** The public streams the sockets serve, from the one module that produces them (market). */
  streams?(own: Own): StreamSource;
  /** Its timed loops; `leader` is true in the process that runs the engine (always on SQLite). */
  start?(services: Services, runtime: { leader: boolean; log: Log }, own: Own): Running | null;
}
