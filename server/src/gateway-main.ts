import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { attachGateway } from '../realtime/attach-gateway.ts';
import { systemClock } from '../services/clock.ts';
import { loadConfig } from './config.ts';

/**
 * A stream gateway process (`npx tsx server/src/gateway-main.ts`): socket.io only, at PORT, sharing
 * rooms with the engine's process through STREAM_RELAY (the same value the engine's process was
 * started with: `on` is <DATA_DIR>/stream-relay.sock). Several gateways spread the sockets'
 * writes over more processes (server/README.md, "Stream gateways"). GET /healthz answers whether
 * the relay is joined.
 */
const config = loadConfig();
if (!config.streamRelay) throw new Error('a stream gateway needs STREAM_RELAY (the engine process\'s relay socket, or on for <DATA_DIR>/stream-relay.sock)');
const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const app = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy });
const gateway = await attachGateway(app.server, {
  relayPath: config.streamRelay, trustProxy: config.trustProxy, fanout: config.streamSlice === 'off' ? 'off' : { sliceFrom: config.streamSlice },
  version, clock: systemClock, log: app.log,
});
app.get('/healthz', async (_request, reply) => reply.code(gateway.relay.connected ? 200 : 503).send({ relay: gateway.relay.connected }));
await app.listen({ port: config.port, host: config.host });
// The same ready line as the API's process (main.ts), so tools that wait for it wait for either.
app.log.info({ role: 'stream gateway', port: config.port, relay: config.streamRelay }, 'Brisk is ready');

const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stream gateway shutting down');
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  await gateway.close();
  await app.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
