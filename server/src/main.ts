import { startServer } from './app.ts';
import { loadConfig } from './config.ts';

/** Entry point (`npm start` after the build): one process serving the app, the API and socket.io. */
const config = loadConfig();
// A leader whose engine lock is gone must not match one more order (another process may have taken
// over): leave at once, like a crash; a restart comes back as a follower or the new leader.
const server = await startServer(config, { onEngineLost: () => process.exit(1) });
server.app.log.info({ url: server.url, database: server.dialect, dataDir: config.dataDir, engine: server.engineRole }, 'Brisk is ready');

// Stop taking requests, let those in flight finish, close sockets and the database; give up after 10 s.
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    server.app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
