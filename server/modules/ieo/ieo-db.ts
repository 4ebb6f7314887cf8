import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IeoProjectsTable, IeoSubscriptionsTable, IeoTables } from './schema.ts';

/** The database with the module's tables (schema.ts); server/db/schema.ts does not know them. */
export type IeoDb = Kysely<Database & IeoTables>;

/** `db` or an open transaction, seeing the IEO tables too. */
export const ieoDb = (db: Kysely<Database>): IeoDb => db.withTables<IeoTables>();

export type ProjectRow = Selectable<IeoProjectsTable>;
export type SubscriptionRow = Selectable<IeoSubscriptionsTable>;

/** Journal kinds, one per money movement of a subscription; the bills name each (src/pages/fund/fund-labels.ts). */
export const IEO_KINDS = { subscribe: 'ieo_subscribe', payment: 'ieo_payment', refund: 'ieo_refund', tokens: 'ieo_tokens' } as const;

/** Where subscriptions freeze and tokens arrive. */
export const IEO_ACCOUNT = 'financial';
