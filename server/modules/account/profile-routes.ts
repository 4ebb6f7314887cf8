import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import { success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { DONE } from '../../http/envelope.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type ProfileRoutesServices = Pick<Services, 'profile' | 'sessions'>;

// The table's caps are far above the real limits and only stop absurd input early; the domain
// checks the real lengths.

/** /user/editNickname and /user/uploadHeadPortrait. */
export function registerProfileRoutes(app: FastifyInstance, services: ProfileRoutesServices): void {
  const serve = endpointsOn(app, services);
  serve(account.editProfile, async (call) => {
    const { nickname, signature } = call.fields;
    const fields: { nickname?: string; signature?: string } = {};
    if (nickname !== undefined) fields.nickname = nickname.trim();
    if (signature !== undefined) fields.signature = signature.trim();
    const edited = await services.profile.edit(signedIn(call), fields);
    return edited.ok ? success(DONE) : edited;
  });

  serve(account.setAvatar, async (call) => {
    const set = await services.profile.setAvatar(signedIn(call), call.fields.head_portrait.trim());
    return set.ok ? success(DONE) : set;
  });
}
