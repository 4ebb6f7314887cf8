/** True when an insert or update hit a unique index (two requests raced for the same value). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 reports SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; PostgreSQL reports SQLSTATE 23505.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
