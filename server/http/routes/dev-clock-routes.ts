import type { FastifyInstance } from 'fastify';
import * as dev from '../../../contract/endpoints/dev.ts';
import { failure, success } from '../../domain/outcome.ts';
import type { OffsetClock } from '../../services/clock.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn } from '../define-route.ts';
import { isLocalCaller } from '../local-caller.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type DevClockRoutesServices = Pick<Services, 'sessions'>;

/** At most a year a call: enough for any product's period, small enough to stay a safe integer. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * POST /api/dev/clock (advance_ms): moves the server's clock forward, and GET answers its time.
 * Registered only with TEST_CLOCK=on (config refuses it for production) and answering only callers
 * on this machine. Due work runs at the next pass of its runner (within a second).
 */
export function registerDevClockRoutes(app: FastifyInstance, services: DevClockRoutesServices, clock: OffsetClock): void {
  const serve = endpointsOn(app, services);
  serve(dev.devClock, ({ request }) => (isLocalCaller(request) ? success({ now: clock.now().toISOString() }) : failure('COMMON.NOT_FOUND')));
  serve(dev.advanceDevClock, ({ fields: { advance_ms }, request }) => {
    if (!isLocalCaller(request)) return failure('COMMON.NOT_FOUND');
    if (advance_ms === undefined) return failure('VALID.REQUIRED', 'advance_ms');
    if (advance_ms > MAX_ADVANCE_MS) return failure('COMMON.PARAM_INVALID', 'advance_ms');
    clock.advance(advance_ms);
    return success({ now: clock.now().toISOString() });
  });
}
