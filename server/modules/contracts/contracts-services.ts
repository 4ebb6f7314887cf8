import { createContracts, type Contracts } from '../../services/contracts/contracts-module.ts';
import type { ServiceOptions, Services } from '../../services/create-services.ts';
import type { ServiceContext } from '../../services/service-context.ts';

/** The contracts module's own services: futures, stock contracts and seconds options, their marks and events. */
export interface ContractsServices {
  contracts: Contracts;
}

/** The module's name, and its services from a server's or the ops command line's modules. */
export const CONTRACTS = 'contracts';
export const contractsOf = (modules: { own(name: string): unknown }): Contracts => (modules.own(CONTRACTS) as ContractsServices).contracts;

/** Marks come from the market's (tests pass a ManualMarkSource), with operators' overrides on top. */
export function createContractsServices(ctx: ServiceContext, services: Services, options: ServiceOptions): ContractsServices {
  const contracts = createContracts(ctx, services.ledger, services.idempotency, options.markSource ?? services.markPrices);
  // The public mark stream shows contracts' marks, which include operator overrides (`ops mark`).
  services.marketStreams.useMarkFeed(contracts.marks);
  return { contracts };
}
