// Constraint violations become typed errors, so routes can answer 409 instead of 500.

export class UniqueViolation extends Error {
  constructor(readonly constraint: string | undefined, cause: unknown) {
    super('unique constraint violated', { cause });
  }
}

export class ForeignKeyViolation extends Error {
  constructor(cause: unknown) {
    super('foreign key constraint violated', { cause });
  }
}

interface DriverError {
  code?: string;
  constraint?: string;
  message?: string;
}

export function translateDbError(error: unknown): unknown {
  const e = error as DriverError;
  if (e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new UniqueViolation(e.constraint ?? uniqueColumns(e.message), error);
  }
  if (e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return new ForeignKeyViolation(error);
  return error;
}

/** SQLite names the columns ("UNIQUE constraint failed: djs.discord_id"); pg names the constraint. */
function uniqueColumns(message: string | undefined): string | undefined {
  return message?.match(/constraint failed: (.+)$/)?.[1];
}

/** PostgreSQL gave up a serializable transaction because of a concurrent one: run it again. */
export const isSerializationFailure = (error: unknown) => (error as DriverError | undefined)?.code === '40001';

/** Runs a write and rethrows driver constraint errors as typed errors. */
export async function withDbErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw translateDbError(error);
  }
}
