import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import { success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { DONE } from '../../http/envelope.ts';
import { mobileFrom } from '../../http/input-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type SecurityRoutesServices = Pick<Services, 'auth' | 'profile' | 'sessions'>;

/** /safe/*: account security for the signed-in user. */
export function registerSecurityRoutes(app: FastifyInstance, services: SecurityRoutesServices): void {
  const serve = endpointsOn(app, services);
  // Ends every session, this one included: the client signs in again with the new password.
  serve(account.updatePassword, async (call) => {
    const { password, re_password, code } = call.fields;
    const changed = await services.auth.changePassword(signedIn(call), password, re_password, code);
    return changed.ok ? success(DONE) : changed;
  });

  serve(account.bindMobile, async (call) => {
    const target = mobileFrom(call.input, 'area_code', 'mobile');
    if (!target.ok) return target;
    const bound = await services.profile.bindMobile(signedIn(call), target.value, call.fields.code);
    return bound.ok ? success(DONE) : bound;
  });
}
