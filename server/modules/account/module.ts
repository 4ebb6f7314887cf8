import { audit, kycApprove, kycPending, kycReject } from './kyc-commands.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerCodeRoutes, registerDevOutboxRoute } from './code-routes.ts';
import { registerIdentityRoutes } from './identity-routes.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { registerSecurityRoutes } from './security-routes.ts';
import type { ServerModule } from '../server-module.ts';

/** Sign-in, profile, security settings and identity verification. */
export const accountModule: ServerModule = {
  name: 'account',
  routes(app, services) {
    registerCodeRoutes(app, services);
    registerDevOutboxRoute(app, services);
    registerAccountRoutes(app, services);
    registerSecurityRoutes(app, services);
    registerProfileRoutes(app, services);
    registerIdentityRoutes(app, services);
  },
  ops: {
    'kyc-pending': { usage: 'kyc-pending', summary: 'identity verifications waiting for review', run: kycPending },
    'kyc-approve': { usage: 'kyc-approve <email|uid>', summary: "approve the user's pending identity verification", run: kycApprove },
    'kyc-reject': { usage: 'kyc-reject <email|uid> [reason]', summary: "reject the user's pending identity verification", run: kycReject },
    audit: { usage: 'audit [count]', summary: 'the latest operator commands', run: audit },
  },
};
