import type { DevOutboxMessage } from '../api/account.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Served only on a development or test server, and only to callers on the same machine: the codes
 * "sent" to an address (DEV_OUTBOX) and the server's movable clock (TEST_CLOCK). Their fields are
 * optional here so that a caller elsewhere learns nothing but "not found", whatever it sends.
 */

export const devOutbox = endpoint<DevOutboxMessage[]>()({ method: 'get', path: '/dev/outbox', auth: 'none', fields: { to: { kind: 'text', optional: true, max: 320, code: 'COMMON.PARAM_INVALID' } }, optionalRoute: true });
export const devClock = endpoint<{ now: string }>()({ method: 'get', path: '/dev/clock', auth: 'none', fields: {}, optionalRoute: true });
/** Moves the clock forward by `advance_ms`; never back. */
export const advanceDevClock = endpoint<{ now: string }>()({ method: 'write', path: '/dev/clock', auth: 'none', fields: { advance_ms: 'int?' }, optionalRoute: true });
