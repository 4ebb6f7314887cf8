import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../service-context.ts';

export type EngineRole = 'leader' | 'follower';

/**
 * Whether this process runs the matching engine, the contract loops and the simulators. The spot
 * books live in the memory of one process, so on a shared PostgreSQL exactly one process may run
 * them: the one holding the engine lock for as long as it lives.
 */
export interface EngineLease {
  readonly role: EngineRole;
  /** Leader: tells followers where to forward engine-bound requests (called once listening). */
  advertise(url: string, nowIso: string): Promise<void>;
  /** Called once if the lock's connection is lost: another process may take the engine, so this one must stop running it. */
  onLost(listener: (error: unknown) => void): void;
  /** Releases the lock (last, after the engine stopped writing). */
  close(): Promise<void>;
}

export interface LeaseOptions {
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  /** 'off' forces a follower (MARKET_ENGINE=off). */
  mode: 'auto' | 'off';
  log: Log;
}

/**
 * One lock per database and schema (tests run many schemas side by side in one database). A
 * session-level advisory lock: PostgreSQL drops it when the holding connection ends, so a crashed
 * leader never keeps it.
 */
const LOCK_KEY = `hashtextextended('brisk-engine:' || current_schema(), 0)`;
/** How often the leader checks that its lock connection is alive (a dead one means the lock is gone). */
const HEARTBEAT_MS = 5_000;

const sqliteLease: EngineLease = {
  role: 'leader',
  advertise: async () => undefined,
  onLost: () => undefined,
  close: async () => undefined,
};

function followerLease(): EngineLease {
  return { role: 'follower', advertise: async () => undefined, onLost: () => undefined, close: async () => undefined };
}

/**
 * SQLite: always the leader (one process per database file). PostgreSQL: tries the engine lock on a
 * connection of its own, kept for the process's lifetime; without it (or with mode 'off') this
 * process is a follower, serving the API and sockets and forwarding what needs the engine.
 */
export async function acquireEngineLease(options: LeaseOptions): Promise<EngineLease> {
  if (!options.databaseUrl) return sqliteLease;
  if (options.mode === 'off') return followerLease();
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'brisk-engine-lock',
    keepAlive: true,
    ...(options.databaseSchema ? { options: `-c search_path=${options.databaseSchema}` } : {}),
  });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean; pid: number }>(`select pg_try_advisory_lock(${LOCK_KEY}) as locked, pg_backend_pid() as pid`);
  const row = rows[0];
  if (!row?.locked) {
    await client.end();
    return followerLease();
  }
  const backendPid = row.pid;
  let closing = false;
  let lostError: unknown = null;
  const listeners: ((error: unknown) => void)[] = [];
  const lose = (error: unknown) => {
    if (closing || lostError !== null) return;
    lostError = error ?? new Error('engine lock connection ended');
    clearInterval(heartbeat);
    options.log.warn({ err: lostError }, 'engine lock lost: this process must stop running the matching engine');
    for (const listener of listeners) listener(lostError);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('engine lock connection ended')));
  const heartbeat = setInterval(() => {
    client.query('select 1').catch(lose);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    role: 'leader',
    async advertise(url, nowIso) {
      await client.query(
        `insert into engine_leader (id, url, backend_pid, since) values (1, $1, $2, $3)
         on conflict (id) do update set url = excluded.url, backend_pid = excluded.backend_pid, since = excluded.since`,
        [url, backendPid, nowIso],
      );
    },
    onLost(listener) {
      if (lostError !== null) listener(lostError);
      else listeners.push(listener);
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      // Ending the session releases the lock; the advertisement becomes stale with it.
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * The advertised URL of the process holding the engine lock, or null when none holds it (the row
 * of a dead leader names a backend that no longer holds an advisory lock).
 */
export async function engineLeaderUrl(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ url: string }>`
    select e.url from engine_leader e
    where e.id = 1 and exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.granted and l.pid = e.backend_pid)`.execute(db);
  return rows[0]?.url ?? null;
}
