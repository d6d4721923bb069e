/**
 * Whether a database error is a unique-key clash, on either dialect: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error))
    return false;
  const { code } = error;
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}

/** Whether a database error is a foreign key refusing a change: PostgreSQL's 23503, SQLite's. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error))
    return false;
  return (
    error.code === "23503" || error.code === "SQLITE_CONSTRAINT_FOREIGNKEY"
  );
}
