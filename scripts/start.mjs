// `npm start`: build the app if dist/ is stale, then run the API server (which serves dist/ at /).
// The server is our child with inherited stdio; SIGINT/SIGTERM are passed on and its exit code is ours.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, ensureBuilt } from './lib/build-state.mjs';

try {
  ensureBuilt();
} catch (error) {
  console.error(`start: ${error.message}`);
  process.exit(1);
}

// node + tsx's CLI directly (not npx), so this process owns the server process (TOOLCHAIN pitfall 8).
const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/src/main.ts'], { cwd: ROOT, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('error', (error) => {
  console.error(`start: cannot run the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
