import type * as account from './account.ts';
import type * as content from './content.ts';
import type * as contracts from './contracts.ts';
import type * as dev from './dev.ts';
import type * as market from './market.ts';
import type * as wallet from './wallet.ts';

type Values<T> = T[keyof T];

/**
 * Every endpoint of the table as a type: the app calls an endpoint by its path (a string, so its
 * bundle carries no declarations) and the compiler finds the endpoint, its params and its answer.
 */
export type AnyEndpoint = Values<typeof account> | Values<typeof content> | Values<typeof contracts> | Values<typeof dev> | Values<typeof market> | Values<typeof wallet>;

/** The endpoint at `path` among those a method may call. */
export type EndpointAt<P extends string, M extends string> = Extract<AnyEndpoint, { path: P; method: M }>;
