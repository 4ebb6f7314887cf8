import { createContracts, type Contracts } from '../../services/contracts/contracts-module.ts';
import type { ServiceOptions, Services } from '../../services/create-services.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { marketOf } from '../market/module.ts';
import type { ModulesBuilt } from '../server-module.ts';

/** The contracts module's own services: futures, stock contracts and seconds options, their marks and events. */
export interface ContractsServices {
  contracts: Contracts;
}

/** The module's name, and its services from a server's or the ops command line's modules. */
export const CONTRACTS = 'contracts';
export const contractsOf = (modules: { own(name: string): unknown }): Contracts => (modules.own(CONTRACTS) as ContractsServices).contracts;

/** Marks come from the market's (tests pass a ManualMarkSource), with operators' overrides on top. */
export async function createContractsServices(ctx: ServiceContext, services: Services, options: ServiceOptions, modules: ModulesBuilt): Promise<ContractsServices> {
  const market = marketOf(modules);
  const contracts = createContracts(ctx, services.ledger, services.idempotency, services.dueWork, options.markSource ?? market.markPrices);
  // The public mark stream shows contracts' marks, which include operator overrides (`ops mark`),
  // read before any contract is priced.
  market.marketStreams.useMarkFeed(contracts.marks);
  await contracts.ready();
  return { contracts };
}
