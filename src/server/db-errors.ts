/**
 * Whether an error (or its cause: drizzle wraps driver errors in DrizzleQueryError) is SQLite refusing a
 * row because a UNIQUE constraint already holds that value. Optionally narrowed to one index or column.
 */
export function isUniqueViolation(err: unknown, name?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return !name || (typeof message === 'string' && message.includes(name));
    }
  }
  return false;
}
