import { accountModule } from './account/module.ts';
import { contractsModule } from './contracts/module.ts';
import { marketModule } from './market/module.ts';
import type { ServerModule } from './server-module.ts';
import { walletModule } from './wallet/module.ts';

/** Every product module, one line each; the hubs loop over this list (docs/architecture.md). */
export const MODULES: readonly ServerModule[] = [accountModule, walletModule, marketModule, contractsModule];
