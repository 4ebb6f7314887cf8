// The thread of SqliteCheckpointer (sqlite-checkpointer.ts): its own connection to the SQLite file,
// on which it copies the WAL into the database file every few milliseconds: a PASSIVE checkpoint,
// which never waits for or blocks a writer or a reader. Once a pass has copied all of it, the next
// writer starts the WAL over from its beginning.
// Plain JavaScript, so it loads in any runtime the server runs in (tsx, vitest).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, everyMs } = workerData;
const db = new Database(file);
db.pragma('busy_timeout = 2000');
db.pragma('wal_autocheckpoint = 0');

let stopped = false;
let passes = 0;
let largestLogPages = 0;

function pass() {
  if (stopped) return;
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    passes += 1;
    largestLogPages = Math.max(largestLogPages, passive.log);
  } catch (error) {
    // Busy or the file going away at shutdown: the next pass tries again.
    parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  setTimeout(pass, everyMs);
}

parentPort.on('message', (message) => {
  if (message === 'stats') parentPort.postMessage({ type: 'stats', passes, largestLogPages });
  if (message === 'stop') {
    stopped = true;
    db.close();
    parentPort.postMessage({ type: 'stopped' });
  }
});

setTimeout(pass, everyMs);
