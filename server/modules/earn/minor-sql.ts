import { sql, type RawBuilder } from 'kysely';

/** Minor units for a bigint column, bound as text and cast in SQL: never a JS number, which rounds above 2^53. */
export const minorSql = (minor: bigint): RawBuilder<number> => sql<number>`cast(${minor.toString()} as bigint)`;
