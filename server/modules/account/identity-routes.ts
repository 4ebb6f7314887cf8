import type { FastifyInstance } from 'fastify';
import * as wallet from '../../../contract/endpoints/wallet.ts';
import { checkRealName, ID_TYPES, normaliseIdNumber, type IdType } from '../../domain/identity-rules.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import type { IdentityForm } from '../../services/identity-service.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { idempotentCall } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type IdentityRoutesServices = Pick<Services, 'identity' | 'sessions'>;

const PATH_MAX = 200;

function identityForm(call: Call): Outcome<IdentityForm> {
  const { input } = call;
  if (input.real_type === '1') {
    const idType = input.id_type?.trim() as IdType | undefined;
    if (idType === undefined) return failure('VALID.REQUIRED', 'id_type');
    if (!ID_TYPES.includes(idType)) return failure('COMMON.PARAM_INVALID', 'id_type');
    if (input.name === undefined) return failure('VALID.REQUIRED', 'name');
    const name = input.name.trim().replace(/\s+/g, ' ');
    const nameProblem = checkRealName(name);
    if (nameProblem) return failure(nameProblem, 'name');
    if (input.card_id === undefined) return failure('VALID.REQUIRED', 'card_id');
    const cardId = normaliseIdNumber(idType, input.card_id);
    return cardId ? success({ realType: 1, idType, name, cardId }) : failure('VALID.ID_NUMBER', 'card_id');
  }
  if (input.real_type === '2') {
    for (const field of ['front_pic', 'reverse_pic']) {
      const value = input[field];
      if (value === undefined) return failure('VALID.REQUIRED', field);
      if (value.length > PATH_MAX) return failure('UPLOAD.UNKNOWN_FILE', field);
    }
    return success({ realType: 2, frontPic: (input.front_pic ?? '').trim(), reversePic: (input.reverse_pic ?? '').trim() });
  }
  return failure(input.real_type === undefined ? 'VALID.REQUIRED' : 'COMMON.PARAM_INVALID', 'real_type');
}

/** GET /real/state and POST /user/real: identity verification, decided by operators (ops kyc-approve). */
export function registerIdentityRoutes(app: FastifyInstance, services: IdentityRoutesServices): void {
  const serve = endpointsOn(app, services);
  serve(wallet.realState, async (call) => success(await services.identity.state(signedIn(call))));

  serve(wallet.submitReal, async (call) => {
      const form = identityForm(call);
      if (!form.ok) return form;
      const idem = idempotentCall(call, 'user/real', false);
      return idem.ok ? services.identity.submit(idem.value, form.value) : idem;
  });
}
