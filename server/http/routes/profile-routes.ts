import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import { z } from 'zod';
import { success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, signedIn } from '../define-route.ts';
import { DONE } from '../envelope.ts';
import { optionalText, text } from '../input-fields.ts';
import { parseInput } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type ProfileRoutesServices = Pick<Services, 'profile' | 'sessions'>;

// Caps far above the real limits only stop absurd inputs early; the domain checks the real lengths.
const profileSchema = z.object({
  nickname: optionalText('VALID.NICKNAME_LENGTH', 100).transform((v) => v?.trim()),
  signature: optionalText('VALID.SIGNATURE_LENGTH', 300).transform((v) => v?.trim()),
});
const avatarSchema = z.object({ head_portrait: text('UPLOAD.UNKNOWN_FILE', 200) });

/** /user/editNickname and /user/uploadHeadPortrait. */
export function registerProfileRoutes(app: FastifyInstance, services: ProfileRoutesServices): void {
  const serve = endpointsOn(app, services);
  serve(account.editProfile, async (call) => {
      const form = parseInput(profileSchema, call.input);
      if (!form.ok) return form;
      const fields: { nickname?: string; signature?: string } = {};
      if (form.value.nickname !== undefined) fields.nickname = form.value.nickname;
      if (form.value.signature !== undefined) fields.signature = form.value.signature;
      const edited = await services.profile.edit(signedIn(call), fields);
      return edited.ok ? success(DONE) : edited;
  });

  serve(account.setAvatar, async (call) => {
      const form = parseInput(avatarSchema, call.input);
      if (!form.ok) return form;
      const set = await services.profile.setAvatar(signedIn(call), form.value.head_portrait.trim());
      return set.ok ? success(DONE) : set;
  });
}
