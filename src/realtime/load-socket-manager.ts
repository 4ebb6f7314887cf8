import { importUntilLoaded } from '../lib/try-again.ts';

let load: Promise<typeof import('./socket-manager.ts')> | undefined;

/**
 * The socket client's chunk (about 13 kB gzip with its worker), loaded once, never on the critical
 * path, and tried until it loads: offline before it was ever cached, or a lost response on a first
 * visit, screens keep their HTTP data until it does.
 */
export const loadSocketManager = () => (load ??= importUntilLoaded(() => import('./socket-manager.ts')));
