import type { Endpoint } from '../endpoint.ts';
import * as account from './account.ts';
import * as content from './content.ts';
import * as contracts from './contracts.ts';
import * as copytrade from './copytrade.ts';
import * as dev from './dev.ts';
import * as dual from './dual.ts';
import * as ieo from './ieo.ts';
import * as invest from './invest.ts';
import * as lockming from './lockming.ts';
import * as market from './market.ts';
import * as wallet from './wallet.ts';

/** Every product's endpoints: the one list a new product's file joins. */
const GROUPS = { account, content, contracts, dev, market, wallet, invest, dual, lockming, ieo, copytrade };

/** Every endpoint of the API, for the server's route check. */
export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(GROUPS).flatMap((group) => Object.values(group) as Endpoint[]);

type Groups = typeof GROUPS;

/**
 * Every endpoint as a type: the app calls an endpoint by its path (a string, so its bundle carries
 * no declarations; it imports this file's types only) and the compiler finds the endpoint, its
 * params and its answer.
 */
export type AnyEndpoint = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** The endpoint at `path` among those a method may call. */
export type EndpointAt<P extends string, M extends string> = Extract<AnyEndpoint, { path: P; method: M }>;
