import { CODE_IP_LIMIT_PER_HOUR } from '../domain/code-rules.ts';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Absolute; holds brisk.sqlite (when no DATABASE_URL) and uploads/. */
  dataDir: string;
  /** postgres://... switches the database to PostgreSQL. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to work in (search_path); tests isolate themselves with it. */
  databaseSchema: string | undefined;
  /** Adds the socket.io Redis adapter so several processes share rooms. */
  redisUrl: string | undefined;
  /**
   * STREAM_RELAY: the unix socket where the engine's process serves stream gateways
   * (server/src/gateway-main.ts) and where they join it; `on` is <DATA_DIR>/stream-relay.sock.
   */
  streamRelay: string | undefined;
  /** The market simulator (parsed now, used by the markets issue). */
  simulator: boolean;
  /**
   * STREAM_SLICE: rooms with at least this many sockets are written in slices between which HTTP
   * requests run (server/realtime/room-fanout.ts); `off` leaves every broadcast to socket.io whole.
   */
  streamSlice: number | 'off';
  /** SIMULATOR_PACE: the simulator's takers trade this many times as often (0.1-50; benches drive the streams at their 4 Hz with it). */
  simulatorPace: number;
  logLevel: LogLevel;
  /** Global per-IP request budget of every public entry. */
  rateLimitPerMin: number;
  /** Verification codes one IP may ask for per hour (a shared office or carrier NAT may need more). */
  codesPerIpHour: number;
  /** Trust X-Forwarded-For (only behind a reverse proxy that sets it), so throttles see client IPs. */
  trustProxy: boolean;
  /**
   * DEV_OUTBOX: without a real code sender, verification codes are readable at GET /api/dev/outbox
   * (and the route answers only callers on this machine). Off, they go to the server log only. The
   * default is on only for a server that listens on loopback and is not behind a proxy: anyone who
   * can read a code can reset that account's password.
   */
  devOutbox: boolean;
  /** The built PWA; served at / when it exists. */
  staticDir: string;
  /** Public fiat rates source (JSON with a `rates` object per USD); undefined serves the bundled table only. */
  ratesUrl: string | undefined;
  /** The simulated chain mines one block (one confirmation for every confirming deposit) per this many ms. */
  chainBlockMs: number;
  /**
   * MARKET_ENGINE: 'auto' runs the matching engine, contract loops and simulators when this process
   * wins the database's engine lock (always on SQLite); 'off' (PostgreSQL only) forces a follower.
   */
  marketEngine: MarketEngineMode;
  /** ENGINE_ADVERTISE_URL: where followers reach this process when it runs the engine; default http://127.0.0.1:<port>. */
  engineAdvertiseUrl: string | undefined;
  /**
   * TEST_CLOCK: the server's clock can be moved forward (POST /api/dev/clock, callers on this
   * machine only), so a test passes a day of dividends in a second. Refused with NODE_ENV=production,
   * a non-loopback HOST or TRUST_PROXY: a production server's time is never movable.
   */
  testClock: boolean;
}

export type MarketEngineMode = 'auto' | 'off';

/** A free source that answers {"rates": {"CNY": 7.1, ...}} per USD without a key. RATES_URL=off disables it. */
export const DEFAULT_RATES_URL = 'https://open.er-api.com/v6/latest/USD';

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** dist/ at the repository root, found from this file so the working directory does not matter. */
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['on', '1', 'true', 'yes'].includes(value)) return true;
  if (['off', '0', 'false', 'no'].includes(value)) return false;
  throw new Error(`${name} must be on or off, got "${raw}"`);
}

/** A listen address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function marketEngine(raw: string | undefined, databaseUrl: string | undefined): MarketEngineMode {
  const value = (raw ?? 'auto').toLowerCase();
  if (value !== 'auto' && value !== 'off') throw new Error('MARKET_ENGINE must be auto or off');
  // On SQLite there is one process and nobody else to run the engine.
  if (value === 'off' && !databaseUrl) throw new Error('MARKET_ENGINE=off needs DATABASE_URL (a follower forwards to a leader on the same PostgreSQL)');
  return value;
}

function advertiseUrl(raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^https?:\/\/[^/]+$/.test(raw)) throw new Error('ENGINE_ADVERTISE_URL must be an http(s) origin without a path, like http://10.0.0.5:8080');
  return raw;
}

function ratesUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return DEFAULT_RATES_URL;
  if (raw.toLowerCase() === 'off') return undefined;
  if (!/^https?:\/\//.test(raw)) throw new Error('RATES_URL must be an http(s) URL or off');
  return raw;
}

function testClock(on: boolean, nodeEnv: string | undefined, host: string, trustProxy: boolean): boolean {
  if (!on) return false;
  if (nodeEnv === 'production') throw new Error('TEST_CLOCK=on is refused with NODE_ENV=production');
  if (!isLoopbackHost(host) || trustProxy) throw new Error('TEST_CLOCK=on needs a loopback HOST and no TRUST_PROXY');
  return true;
}

function pace(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0.1 || value > 50) throw new Error(`SIMULATOR_PACE must be a number from 0.1 to 50, got "${raw}"`);
  return value;
}

function streamRelay(raw: string | undefined, dataDir: string, redisUrl: string | undefined): string | undefined {
  if (raw === undefined || ['off', '0', 'false', 'no'].includes(raw.toLowerCase())) return undefined;
  // Gateways on Redis are just more processes sharing its rooms: one way to share at a time.
  if (redisUrl) throw new Error('STREAM_RELAY and REDIS_URL exclude each other (with Redis, run more server processes instead)');
  const path = ['on', '1', 'true', 'yes'].includes(raw.toLowerCase()) ? resolve(dataDir, 'stream-relay.sock') : resolve(raw);
  // A unix socket's path is at most 107 bytes on Linux.
  if (Buffer.byteLength(path) > 100) throw new Error(`STREAM_RELAY's socket path is too long (${path}): name a shorter one`);
  return path;
}

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (optional(env.LOG_LEVEL) ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = optional(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
  const databaseSchema = optional(env.DATABASE_SCHEMA);
  if (databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) throw new Error('DATABASE_SCHEMA must be a plain lower-case identifier');
  const host = optional(env.HOST) ?? '127.0.0.1';
  const trustProxy = flag('TRUST_PROXY', env.TRUST_PROXY, false);
  return {
    port: integer('PORT', env.PORT, 8080, 0, 65535),
    host,
    dataDir: resolve(optional(env.DATA_DIR) ?? './data'),
    databaseUrl,
    databaseSchema,
    redisUrl: optional(env.REDIS_URL),
    streamRelay: streamRelay(optional(env.STREAM_RELAY), resolve(optional(env.DATA_DIR) ?? './data'), optional(env.REDIS_URL)),
    simulator: flag('SIMULATOR', env.SIMULATOR, true),
    streamSlice: optional(env.STREAM_SLICE)?.toLowerCase() === 'off' ? 'off' : integer('STREAM_SLICE', env.STREAM_SLICE, 200, 1, 1_000_000),
    simulatorPace: pace(optional(env.SIMULATOR_PACE)),
    logLevel,
    rateLimitPerMin: integer('RATE_LIMIT_PER_MIN', env.RATE_LIMIT_PER_MIN, 1200, 1, 1_000_000),
    codesPerIpHour: integer('CODES_PER_IP_HOUR', env.CODES_PER_IP_HOUR, CODE_IP_LIMIT_PER_HOUR, 1, 100_000),
    trustProxy,
    devOutbox: flag('DEV_OUTBOX', env.DEV_OUTBOX, isLoopbackHost(host) && !trustProxy),
    staticDir: resolve(optional(env.STATIC_DIR) ?? DEFAULT_STATIC_DIR),
    ratesUrl: ratesUrl(optional(env.RATES_URL)),
    chainBlockMs: integer('CHAIN_BLOCK_MS', env.CHAIN_BLOCK_MS, 3000, 100, 3_600_000),
    marketEngine: marketEngine(optional(env.MARKET_ENGINE), databaseUrl),
    engineAdvertiseUrl: advertiseUrl(optional(env.ENGINE_ADVERTISE_URL)),
    testClock: testClock(flag('TEST_CLOCK', env.TEST_CLOCK, false), env.NODE_ENV, host, trustProxy),
  };
}
