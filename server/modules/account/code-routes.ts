import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import * as dev from '../../../contract/endpoints/dev.ts';
import { normaliseAddress, type AccountTarget } from '../../domain/account-target.ts';
import { OWN_ADDRESS_SCENES, SIGNED_IN_SCENES } from '../../domain/code-rules.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, type Call } from '../../http/define-route.ts';
import { isLocalCaller } from '../../http/local-caller.ts';
import { emailFrom, mobileFrom } from '../../http/input-fields.ts';
import { CODE_SCENES, type CodeScene } from '../../../contract/api/account.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type CodeRoutesServices = Pick<Services, 'codes' | 'devOutbox' | 'sessions'>;

const isCodeScene = (scene: string): scene is CodeScene => (CODE_SCENES as readonly string[]).includes(scene);

/** Scenes that go to the user's own address need no address in the request. */
function targetFor(scene: string, read: () => Outcome<AccountTarget>): Outcome<AccountTarget | null> {
  return OWN_ADDRESS_SCENES.includes(scene) ? success(null) : read();
}

/** POST /sms_mail and /sms_send: send a verification code by email or SMS. */
export function registerCodeRoutes(app: FastifyInstance, services: CodeRoutesServices): void {
  const serve = endpointsOn(app, services);
  const send = async (scene: string, read: () => Outcome<AccountTarget>, call: Call) => {
    if (!isCodeScene(scene)) return failure('COMMON.PARAM_INVALID', 'scene');
    if (SIGNED_IN_SCENES.includes(scene) && call.userId === null) {
      return { ok: false, code: call.token ? 'AUTH.SESSION_EXPIRED' : 'AUTH.LOGIN_REQUIRED', session: true } as const;
    }
    const target = targetFor(scene, read);
    if (!target.ok) return target;
    return services.codes.send({ target: target.value, scene, userId: call.userId, ip: call.ip, locale: call.lang });
  };

  serve(account.sendMailCode, (call) => send(call.fields.scene, () => emailFrom(call.input, 'user_string'), call));

  serve(account.sendSmsCode, (call) => send(call.fields.scene, () => mobileFrom(call.input, 'area_code', 'mobile'), call));
}

/**
 * GET /api/dev/outbox?to=...: registered only while codes go to the dev outbox (DEV_OUTBOX), and
 * answers only callers on this machine: a code read from it resets that account's password.
 */
export function registerDevOutboxRoute(app: FastifyInstance, services: CodeRoutesServices): void {
  const outbox = services.devOutbox;
  if (!outbox) return;
  endpointsOn(app, services)(dev.devOutbox, async ({ fields, request }) => {
    if (!isLocalCaller(request)) return failure('COMMON.NOT_FOUND');
    if (fields.to === undefined) return failure('VALID.REQUIRED', 'to');
    const to = normaliseAddress(fields.to);
    return to.length > 1 ? success(await outbox.latest(to)) : failure('COMMON.PARAM_INVALID', 'to');
  });
}
