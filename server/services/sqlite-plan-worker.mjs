// The thread of SqlitePlanWriter (sqlite-plan-writer.ts): its own connection to the SQLite file, on
// which it runs each plan it is sent in one BEGIN IMMEDIATE ... COMMIT, resolving id references as
// it goes, and rolls the plan back if any statement fails or changes another number of rows than
// the plan expects. Plain JavaScript, so it loads in any runtime the server runs in (tsx, vitest).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
// The settings of db/open-database.ts: checkpoints are the job of db/sqlite-checkpointer.ts, with
// the same valve (WAL_VALVE_PAGES there).
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
db.pragma('cache_size = -65536');
db.pragma('wal_autocheckpoint = 8192');

const STATEMENTS_MAX = 500;
const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (statements.size >= STATEMENTS_MAX) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}

/** SQL texts by the number the writer gave them (each is sent once). */
const texts = [];

function run(steps) {
  const ids = { journal: [], account: [] };
  const resolve = (value) => {
    if (value === null || typeof value !== 'object') return value;
    const id = ids[value.$ref]?.[value.i];
    if (id === undefined) throw new Error(`unresolved ${value.$ref} reference ${value.i}`);
    return id;
  };
  for (const step of steps) {
    const sql = texts[step.q];
    if (sql === undefined) throw new Error(`unknown statement ${step.q}`);
    const statement = prepare(sql);
    const params = step.p.map(resolve);
    if (step.c) {
      const rows = statement.all(params);
      ids[step.c].push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
    } else {
      const info = statement.run(params);
      if (step.n !== undefined && info.changes !== step.n) {
        throw new Error(`expected ${step.n} rows to change, ${info.changes} did: they changed since they were read`);
      }
    }
  }
}

parentPort.on('message', ({ id, plan: steps }) => {
  try {
    // Texts first: a plan that fails half-way must not leave later plans naming texts never kept.
    for (const step of steps) if (step.sql !== undefined) texts[step.q] = step.sql;
    db.exec('begin immediate');
    try {
      run(steps);
      db.exec('commit');
    } catch (error) {
      db.exec('rollback');
      throw error;
    }
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
