import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { defineRoute, signedIn } from '../define-route.ts';
import { DONE } from '../envelope.ts';
import { codeField, mobileFrom, passwordField } from '../input-fields.ts';
import { parseInput } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type SecurityRoutesServices = Pick<Services, 'auth' | 'profile' | 'sessions'>;

const passwordSchema = z.object({ password: passwordField(), re_password: passwordField(), code: codeField() });
const mobileCodeSchema = z.object({ code: codeField() });

/** /safe/*: account security for the signed-in user. */
export function registerSecurityRoutes(app: FastifyInstance, services: SecurityRoutesServices): void {
  // Ends every session, this one included: the client signs in again with the new password.
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/safe/update_password',
    auth: 'required',
    handler: async (call) => {
      const form = parseInput(passwordSchema, call.input);
      if (!form.ok) return form;
      const { password, re_password, code } = form.value;
      const changed = await services.auth.changePassword(signedIn(call), password, re_password, code);
      return changed.ok ? success(DONE) : changed;
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/safe/mobile',
    auth: 'required',
    handler: async (call) => {
      const target = mobileFrom(call.input, 'area_code', 'mobile');
      if (!target.ok) return target;
      const form = parseInput(mobileCodeSchema, call.input);
      if (!form.ok) return form;
      const bound = await services.profile.bindMobile(signedIn(call), target.value, form.value.code);
      return bound.ok ? success(DONE) : bound;
    },
  });
}
