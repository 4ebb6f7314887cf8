import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import * as dev from '../../../contract/endpoints/dev.ts';
import { z } from 'zod';
import { normaliseAddress, type AccountTarget } from '../../domain/account-target.ts';
import { OWN_ADDRESS_SCENES, SIGNED_IN_SCENES } from '../../domain/code-rules.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, type Call } from '../define-route.ts';
import { isLocalCaller } from '../local-caller.ts';
import { emailFrom, mobileFrom, sceneField, text } from '../input-fields.ts';
import { parseInput, type Input } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type CodeRoutesServices = Pick<Services, 'codes' | 'devOutbox' | 'sessions'>;

const sceneSchema = z.object({ scene: sceneField() });

/** Scenes that go to the user's own address need no address in the request. */
function targetFor(scene: string, read: () => Outcome<AccountTarget>): Outcome<AccountTarget | null> {
  return OWN_ADDRESS_SCENES.includes(scene) ? success(null) : read();
}

/** POST /sms_mail and /sms_send: send a verification code by email or SMS. */
export function registerCodeRoutes(app: FastifyInstance, services: CodeRoutesServices): void {
  const serve = endpointsOn(app, services);
  const send = async (input: Input, read: () => Outcome<AccountTarget>, call: Call) => {
    const parsed = parseInput(sceneSchema, input);
    if (!parsed.ok) return parsed;
    if (SIGNED_IN_SCENES.includes(parsed.value.scene) && call.userId === null) {
      return { ok: false, code: call.token ? 'AUTH.SESSION_EXPIRED' : 'AUTH.LOGIN_REQUIRED', session: true } as const;
    }
    const target = targetFor(parsed.value.scene, read);
    if (!target.ok) return target;
    return services.codes.send({ target: target.value, scene: parsed.value.scene, userId: call.userId, ip: call.ip, locale: call.lang });
  };

  serve(account.sendMailCode, (call) => send(call.input, () => emailFrom(call.input, 'user_string'), call));

  serve(account.sendSmsCode, (call) => send(call.input, () => mobileFrom(call.input, 'area_code', 'mobile'), call));
}

const outboxSchema = z.object({ to: text('COMMON.PARAM_INVALID', 320) });

/**
 * GET /api/dev/outbox?to=...: registered only while codes go to the dev outbox (DEV_OUTBOX), and
 * answers only callers on this machine: a code read from it resets that account's password.
 */
export function registerDevOutboxRoute(app: FastifyInstance, services: CodeRoutesServices): void {
  const outbox = services.devOutbox;
  if (!outbox) return;
  endpointsOn(app, services)(dev.devOutbox, async ({ input, request }) => {
    if (!isLocalCaller(request)) return failure('COMMON.NOT_FOUND');
    const parsed = parseInput(outboxSchema, input);
    if (!parsed.ok) return parsed;
    const to = normaliseAddress(parsed.value.to);
    return to.length > 1 ? success(await outbox.latest(to)) : failure('COMMON.PARAM_INVALID', 'to');
  });
}
