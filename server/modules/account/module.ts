import { audit, kycApprove, kycPending, kycReject } from '../../src/ops/kyc-commands.ts';
import type { ServerModule } from '../server-module.ts';

/** Sign-in, profile, security settings and identity verification. */
export const accountModule: ServerModule = {
  name: 'account',
  ops: {
    'kyc-pending': { usage: 'kyc-pending', summary: 'identity verifications waiting for review', run: kycPending },
    'kyc-approve': { usage: 'kyc-approve <email|uid>', summary: "approve the user's pending identity verification", run: kycApprove },
    'kyc-reject': { usage: 'kyc-reject <email|uid> [reason]', summary: "reject the user's pending identity verification", run: kycReject },
    audit: { usage: 'audit [count]', summary: 'the latest operator commands', run: audit },
  },
};
