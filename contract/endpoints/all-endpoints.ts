import type { Endpoint } from '../endpoint.ts';
import * as account from './account.ts';
import * as content from './content.ts';
import * as contracts from './contracts.ts';
import * as dev from './dev.ts';
import * as market from './market.ts';
import * as wallet from './wallet.ts';

/**
 * Every endpoint of the API, for the server's route check and docs. The app imports the one it
 * calls from its product's file, so its bundle holds only those.
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [account, content, contracts, dev, market, wallet].flatMap((group) => Object.values(group) as Endpoint[]);
