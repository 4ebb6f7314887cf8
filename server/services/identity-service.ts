import type { RealState } from '../../contract/api/wallet.ts';
import {
  maskIdNumber, realStateOf, submissionProblem, verifiedLevel, type IdType, type ReviewState, type Submission,
} from '../domain/identity-rules.ts';
import { UPLOAD_PATH } from '../domain/image-type.ts';
import type { VerifyLevel } from '../domain/limit-rules.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { IdempotencyService, IdempotentCall } from './ledger/idempotency-service.ts';
import { iso, type ServiceContext } from './service-context.ts';
import type { UploadService } from './upload-service.ts';
import { lockUser, writeTransaction, type Tx } from './write-transaction.ts';

export type IdentityForm = { realType: 1; idType: IdType; name: string; cardId: string } | { realType: 2; frontPic: string; reversePic: string };

export interface Decision {
  id: number;
  userId: number;
  level: number;
  state: ReviewState;
}

/** Identity verification: users submit, operators decide (ops kyc-approve / kyc-reject). */
export class IdentityService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly uploads: UploadService,
    private readonly idempotency: IdempotencyService,
  ) {}

  private async submissions(userId: number, db: Tx = this.ctx.db) {
    return db.selectFrom('identity_verifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  }

  async level(userId: number, db: Tx = this.ctx.db): Promise<VerifyLevel> {
    const rows = await this.submissions(userId, db);
    return verifiedLevel(rows.map((r) => ({ level: r.level as 1 | 2, state: r.state as ReviewState })));
  }

  async state(userId: number, db: Tx = this.ctx.db): Promise<RealState> {
    const rows = await this.submissions(userId, db);
    const user = await db.selectFrom('users').select(['email', 'phone']).where('id', '=', userId).executeTakeFirst();
    const all: Submission[] = rows.map((r) => ({ level: r.level as 1 | 2, state: r.state as ReviewState }));
    const latest = rows[0];
    const basic = rows.find((r) => r.level === 1 && r.state !== 'rejected') ?? rows.find((r) => r.level === 1);
    return {
      level: verifiedLevel(all),
      real_state: realStateOf(all[0]),
      pending_level: latest && latest.state !== 'approved' ? (latest.level as 1 | 2) : 0,
      name: basic?.name ?? '',
      id_type: (basic?.id_type ?? '') as RealState['id_type'],
      card_id: maskIdNumber(basic?.card_id ?? ''),
      email_bound: Boolean(user?.email),
      phone_bound: Boolean(user?.phone),
    };
  }

  async submit(call: IdempotentCall, form: IdentityForm): Promise<Outcome<RealState>> {
    const replay = await this.idempotency.replay<RealState>(call);
    if (replay) return replay;
    if (form.realType === 2) {
      for (const [field, path] of [['front_pic', form.frontPic], ['reverse_pic', form.reversePic]] as const) {
        const name = UPLOAD_PATH.exec(path)?.[1];
        if (!name || !(await this.uploads.isIssuedTo(name, call.userId, 'identity'))) return failure('UPLOAD.UNKNOWN_FILE', field);
      }
    }
    return this.idempotency.run(call, async (trx) => {
      await lockUser(trx, this.ctx.dialect, call.userId);
      const rows = await this.submissions(call.userId, trx);
      const user = await trx.selectFrom('users').select(['email', 'phone']).where('id', '=', call.userId).executeTakeFirstOrThrow();
      const all: Submission[] = rows.map((r) => ({ level: r.level as 1 | 2, state: r.state as ReviewState }));
      const problem = submissionProblem({
        requested: form.realType, level: verifiedLevel(all), latest: all[0], emailBound: Boolean(user.email), phoneBound: Boolean(user.phone),
      });
      if (problem) return failure(problem);
      // The photos are kept as identity documents, never to become a public avatar, in the
      // transaction that refers to them: the check above alone would race an avatar change or housekeeping.
      if (form.realType === 2) {
        const names = [form.frontPic, form.reversePic].map((path) => UPLOAD_PATH.exec(path)?.[1] ?? '');
        if (!(await this.uploads.claim(trx, call.userId, names, 'identity'))) return failure('UPLOAD.UNKNOWN_FILE', 'front_pic');
      }
      const now = iso(this.ctx.clock.now());
      await trx.insertInto('identity_verifications').values({
        user_id: call.userId,
        level: form.realType,
        id_type: form.realType === 1 ? form.idType : '',
        name: form.realType === 1 ? form.name : '',
        card_id: form.realType === 1 ? form.cardId : '',
        front_pic: form.realType === 2 ? form.frontPic : '',
        reverse_pic: form.realType === 2 ? form.reversePic : '',
        state: 'pending',
        reason: '',
        decided_by: '',
        created_at: now,
        decided_at: null,
      }).execute();
      await trx.updateTable('users').set({ real_state: 1, updated_at: now }).where('id', '=', call.userId).execute();
      return success(await this.state(call.userId, trx));
    });
  }

  /** An operator's decision on the user's pending submission; users.real_state follows. */
  async decide(userId: number, approve: boolean, operator: string, reason = ''): Promise<Outcome<Decision>> {
    return writeTransaction(this.ctx, async (trx) => {
      const pending = await trx.selectFrom('identity_verifications').selectAll()
        .where('user_id', '=', userId).where('state', '=', 'pending').orderBy('id', 'desc').executeTakeFirst();
      if (!pending) return failure('KYC.NOTHING_PENDING');
      const state: ReviewState = approve ? 'approved' : 'rejected';
      const now = iso(this.ctx.clock.now());
      await trx.updateTable('identity_verifications')
        .set({ state, reason, decided_by: operator, decided_at: now })
        .where('id', '=', pending.id).where('state', '=', 'pending').execute();
      await trx.updateTable('users').set({ real_state: realStateOf({ level: pending.level as 1 | 2, state }), updated_at: now }).where('id', '=', userId).execute();
      return success({ id: pending.id, userId, level: pending.level, state });
    });
  }
}
