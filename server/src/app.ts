import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase, type DbDialect } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import { runSeed } from '../db/seed/run-seed.ts';
import { UPLOAD_MAX_BYTES } from '../domain/image-type.ts';
import { registerEngineForwarding, isEnginePeer } from '../http/engine-forwarding.ts';
import { registerErrorHandling } from '../http/error-handling.ts';
import { registerContentRoutes } from '../http/routes/content-routes.ts';
import { registerUploadFileRoutes } from '../http/routes/upload-file-routes.ts';
import { registerUploadRoutes } from '../http/routes/upload-routes.ts';
import { inlineScriptHashes } from '../http/inline-script-hashes.ts';
import { pageAssetPaths } from '../http/page-assets.ts';
import { registerSecurityHeaders } from '../http/security-headers.ts';
import { registerStaticFiles } from '../http/static-files.ts';
import { recordRoutes, type ServedRoute } from '../http/served-routes.ts';
import { attachRealtime, type Realtime, type RealtimeOptions, type RealtimeServer } from '../realtime/attach-realtime.ts';
import { OffsetClock, systemClock, type Clock } from '../services/clock.ts';
import { startDueRunner, type DueHandler } from '../services/due-work/due-work.ts';
import type { Running } from '../modules/server-module.ts';
import { ModuleSet } from '../modules/module-set.ts';
import { registerDevClockRoutes } from '../http/routes/dev-clock-routes.ts';
import type { CodeSender } from '../services/code-sender.ts';
import { createServices, type Services } from '../services/create-services.ts';
import type { MarkPriceSource } from '../services/contracts/mark-price-source.ts';
import { acquireEngineLease, engineLeaderUrl, type EngineLease, type EngineRole } from '../services/engine/engine-lease.ts';
import { startHousekeeping } from '../services/housekeeping.ts';
import { hashPassword } from '../services/password-hasher.ts';
import { loadServerKey } from '../services/server-key.ts';
import type { Config } from './config.ts';
import { closeRedis, openRedis } from './redis-connection.ts';

/** A rate-limit count Redis has not answered in this long lets the request through (a hung Redis must not hang the API). */
const RATE_LIMIT_REDIS_MS = 500;
/** Form and JSON bodies are small; only /upload takes more (its own multipart limits). */
const BODY_LIMIT_BYTES = 64 * 1024;

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** What tests and operators may swap: the clock (to move time) and the code sender (a real provider). */
export interface ServerDeps {
  clock?: Clock;
  sender?: CodeSender;
  /** Mark prices for contracts (tests drive a ManualMarkSource); default: the market's. */
  markSource?: MarkPriceSource;
  /**
   * Called if this process ran the engine and lost the engine lock (its PostgreSQL connection
   * died): another process may start matching, so this one must stop at once. main.ts exits.
   */
  onEngineLost?: (error: unknown) => void;
  /** socket.io's per-address limits (server/realtime/address-limits.ts); tests shrink them. */
  realtimeLimits?: RealtimeOptions['addressLimits'];
  /** How large rooms are written (server/realtime/room-fanout.ts); tests make slices small. */
  fanout?: RealtimeOptions['fanout'];
  /** Kinds of due work beyond the modules' own (tests add some). */
  dueHandlers?: readonly DueHandler[];
  /**
   * Whether the leader runs due work every second (default). Tests on a ManualClock turn it off and
   * run it themselves: a background pass racing theirs would hold the items they wait on.
   */
  dueRunner?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  io: RealtimeServer;
  /** The sockets' fan-out and stream relay (server/realtime/attach-realtime.ts). */
  realtime: Pick<Realtime, 'fanout' | 'relay'>;
  db: Kysely<Database>;
  dialect: DbDialect;
  services: Services;
  /** The product modules, with their own services (ModuleSet.own). */
  modules: ModuleSet;
  /** 'leader' runs the matching engine, contract loops and simulators; a 'follower' forwards to it (PostgreSQL only). */
  engineRole: EngineRole;
  /** Every method and URL it serves (the endpoint table's test reads it). */
  routes: readonly ServedRoute[];
  close(): Promise<void>;
}

/** What registerHttp needs to know about the engine: who runs it and how peers recognise each other. */
interface EngineHttp {
  follower: boolean;
  leaderUrl(): Promise<string | null>;
  peerKey: string;
}

async function registerHttp(app: FastifyInstance, config: Config, services: Services, modules: ModuleSet, engine: EngineHttp, clock: Clock): Promise<readonly ServedRoute[]> {
  const routes = recordRoutes(app);
  // Before any route, so every public entry (static files too) shares the per-IP budget. A request a
  // follower forwarded to the engine was counted there, against the client's address. With Redis
  // the counts are shared, so processes behind one load balancer grant one budget, not one each.
  // Commands fail at once while Redis is away (no offline queue), or after RATE_LIMIT_REDIS_MS when
  // it is connected but does not answer, and the request is let through: a Redis outage must not
  // take the API down with it.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log, 'rate limit', { enableOfflineQueue: false, commandTimeout: RATE_LIMIT_REDIS_MS }) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis([redis]));
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMin,
    timeWindow: 60_000,
    allowList: (request) => isEnginePeer(request, engine.peerKey),
    ...(redis && { redis, nameSpace: `brisk-rate:${config.databaseSchema ?? ''}:`, skipOnError: true }),
  });
  // JSON answers over 1 kB, compressed cheaply (the pair list is 14 kB plain, 2 kB in brotli: on a
  // 400 kbit/s link that is a quarter of a second). Built files are served precompressed instead.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  registerSecurityHeaders(app, inlineScriptHashes(config.staticDir), pageAssetPaths(config.staticDir));
  registerErrorHandling(app);
  // After the rate limit, before the routes: on a follower, engine-bound routes go to the leader.
  registerEngineForwarding(app, { ...engine, bodyLimitBytes: BODY_LIMIT_BYTES });
  registerContentRoutes(app, services);
  // Multipart only in the scope of /api/upload, the one route that takes it: the plugin hooks every
  // request of its scope (a close listener and two async hooks), and the order flow answers
  // thousands a second. Elsewhere a multipart body is bad input (the error handler's envelope).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    });
    registerUploadRoutes(scope, services);
  });
  registerUploadFileRoutes(app, services);
  modules.routes(app);
  if (clock instanceof OffsetClock) registerDevClockRoutes(app, services, clock);
  await registerStaticFiles(app, { appDir: config.staticDir });
  return routes;
}

/** Opens the database, migrates, seeds, and listens. Port 0 picks a free port (tests). */
export async function startServer(config: Config, deps: ServerDeps = {}): Promise<RunningServer> {
  const clock = deps.clock ?? (config.testClock ? new OffsetClock() : systemClock);
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: BODY_LIMIT_BYTES, trustProxy: config.trustProxy });
  const handle = openDatabase(config);
  let lease: EngineLease | undefined;
  try {
    await migrateToLatest(handle.db, handle.dialect, config.databaseSchema);
    await runSeed(handle.db, handle.dialect, { hashPassword, now: clock.now() });
    const ctx = { db: handle.db, dialect: handle.dialect, clock, log: app.log };
    const serviceOptions = { dataDir: config.dataDir, simulator: config.simulator, simulatorPace: config.simulatorPace, sender: deps.sender, devOutbox: config.devOutbox, ratesUrl: config.ratesUrl, chainBlockMs: config.chainBlockMs, codesPerIpHour: config.codesPerIpHour, markSource: deps.markSource, dueHandlers: deps.dueHandlers };
    const services = await createServices(ctx, serviceOptions);
    const modules = await ModuleSet.build(ctx, services, serviceOptions);
    // One process per database runs the engine (SQLite: this one); see engine-lease.ts.
    lease = await acquireEngineLease({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, mode: config.marketEngine, log: app.log });
    const leader = lease.role === 'leader';
    if (config.databaseUrl) {
      app.log.info({ engine: lease.role }, leader
        ? 'engine leader: this process runs the matching engine, the contract loops and the simulators'
        : `engine follower${config.marketEngine === 'off' ? ' (MARKET_ENGINE=off)' : ': another process holds the engine lock'}; engine-bound requests and stream snapshots go to the leader`);
      if (!leader && !config.redisUrl) app.log.warn({}, 'engine follower without REDIS_URL: sockets on this process receive no market streams');
    }
    // Books, candles and marks before the first request; what runs on the leader starts here too.
    const opened = await modules.open({ ctx, services, leader, options: serviceOptions });
    const stopOpened = async () => {
      for (const running of opened) await running.stop();
    };
    const peerKey = (await loadServerKey(handle.db, 'engine_peer')).toString('hex');
    const routes = await registerHttp(app, config, services, modules, { follower: !leader, leaderUrl: () => engineLeaderUrl(handle.db), peerKey }, clock);
    const realtime = await attachRealtime(app.server, {
      redisUrl: config.redisUrl, redisKey: config.databaseSchema ? `socket.io#${config.databaseSchema}` : undefined, engineLeader: leader,
      relayPath: leader ? config.streamRelay : undefined, trustProxy: config.trustProxy, addressLimits: deps.realtimeLimits, fanout: deps.fanout ?? (config.streamSlice === 'off' ? 'off' : { sliceFrom: config.streamSlice }),
      version: VERSION, clock, log: app.log, services: { sessions: services.sessions, streams: modules.streams() }, userEvents: (sink) => modules.userEvents(sink),
    });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await stopOpened();
      await realtime.close();
      throw error;
    }
    const housekeeping = startHousekeeping(ctx, services.uploads);
    const loops: Running[] = modules.start({ leader, log: ctx.log });
    // Due work runs where the engine runs: one process per database (row locks guard the rest).
    const dueRunner = leader && deps.dueRunner !== false ? startDueRunner(services.dueWork, ctx.log) : null;
    const { port } = app.server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    if (leader) {
      const stopEngine = () => {
        void stopOpened();
        for (const loop of loops) void loop.stop();
        void dueRunner?.stop();
      };
      lease.onLost((error) => {
        stopEngine();
        if (deps.onEngineLost) deps.onEngineLost(error);
      });
      await lease.advertise(config.engineAdvertiseUrl ?? `http://127.0.0.1:${port}`, clock.now().toISOString());
    }
    const activeLease = lease;
    return {
      url: `http://${host}:${port}`,
      port,
      app,
      io: realtime.io,
      realtime: { fanout: realtime.fanout, relay: realtime.relay },
      db: handle.db,
      dialect: handle.dialect,
      services,
      modules,
      engineRole: lease.role,
      routes,
      async close() {
        // First: the simulator stops sending orders and the last candles are written.
        await stopOpened();
        housekeeping.stop();
        for (const loop of loops) await loop.stop();
        await dueRunner?.stop();
        await realtime.close();
        await app.close();
        await modules.close();
        // Last: another process may take the engine once nothing here writes any more.
        await activeLease.close();
        await handle.close();
      },
    };
  } catch (error) {
    await lease?.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    throw error;
  }
}
