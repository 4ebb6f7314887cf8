import type { FastifyInstance } from 'fastify';
import * as dev from '../../../contract/endpoints/dev.ts';
import { z } from 'zod';
import { failure, success } from '../../domain/outcome.ts';
import type { OffsetClock } from '../../services/clock.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn } from '../define-route.ts';
import { isLocalCaller } from '../local-caller.ts';
import { parseInput } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type DevClockRoutesServices = Pick<Services, 'sessions'>;

/** At most a year a call: enough for any product's period, small enough to stay a safe integer. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;
const advanceSchema = z.object({
  advance_ms: z.string().regex(/^\d{1,12}$/, 'COMMON.PARAM_INVALID').transform(Number)
    .refine((ms) => ms <= MAX_ADVANCE_MS, 'COMMON.PARAM_INVALID'),
});

/**
 * POST /api/dev/clock (advance_ms): moves the server's clock forward, and GET answers its time.
 * Registered only with TEST_CLOCK=on (config refuses it for production) and answering only callers
 * on this machine. Due work runs at the next pass of its runner (within a second).
 */
export function registerDevClockRoutes(app: FastifyInstance, services: DevClockRoutesServices, clock: OffsetClock): void {
  const serve = endpointsOn(app, services);
  serve(dev.devClock, ({ request }) => (isLocalCaller(request) ? success({ now: clock.now().toISOString() }) : failure('COMMON.NOT_FOUND')));
  serve(dev.advanceDevClock, ({ input, request }) => {
      if (!isLocalCaller(request)) return failure('COMMON.NOT_FOUND');
      const parsed = parseInput(advanceSchema, input);
      if (!parsed.ok) return parsed;
      clock.advance(parsed.value.advance_ms);
      return success({ now: clock.now().toISOString() });
  });
}
