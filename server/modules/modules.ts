import { addErrorTexts } from '../http/error-texts.ts';
import { accountModule } from './account/module.ts';
import { contractsModule } from './contracts/module.ts';
import { copytradeModule } from './copytrade/module.ts';
import { earnModule } from './earn/module.ts';
import { ieoModule } from './ieo/module.ts';
import { lockmingModule } from './lockming/module.ts';
import { marketModule } from './market/module.ts';
import type { ServerModule } from './server-module.ts';
import { walletModule } from './wallet/module.ts';

/** Every product module, one line each; the hubs loop over this list (docs/architecture.md). */
export const MODULES: readonly ServerModule[] = [accountModule, marketModule, contractsModule, walletModule, earnModule, lockmingModule, ieoModule, copytradeModule];

// The error texts join the platform's as the list loads, before any request can need them: every
// process that answers (the server, the ops CLI) loads this list.
for (const module of MODULES) addErrorTexts(module.name, module.errorTexts ?? {});
