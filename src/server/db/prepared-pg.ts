import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * What Kysely's PostgreSQL dialect is given instead of the pool: each SQL text with parameters
 * runs as a named prepared statement, so a connection parses and analyses it once rather than on
 * every call (pg keeps, per connection, which names it has prepared). The PostgreSQL counterpart
 * of SQLite's statement cache (statement-cache.ts).
 *
 * Names are handed out per text, for the process, up to `capacity` texts; later texts run
 * unnamed, so each connection holds at most `capacity` statements on the server. A text keeps its
 * name for good (pg refuses one name for two texts). Queries without parameters (transaction
 * control, the migrations' DDL) stay on the simple protocol, which also allows several statements.
 *
 * `wrote` is called once a statement that may have written has ended outside a transaction, and
 * once a transaction that ran one has ended (its commit or rollback answered): the data version
 * moves then (open.ts), never while a write is still invisible to other connections.
 */
export function preparingPool(pool: pg.Pool, { wrote = () => {}, capacity = 200 }: { wrote?: () => void; capacity?: number } = {}): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < capacity) {
      name = `lineup_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };

  // Only the (text, parameters) form: the dialect has no cursor configured, so Kysely never
  // passes one (streaming fails before it reaches the client).
  const query = (client: pg.PoolClient, text: string, parameters: readonly unknown[]) => {
    const name = parameters.length > 0 ? nameOf(text) : undefined;
    return client.query({ text, values: [...parameters], ...(name ? { name } : {}) });
  };
  // Kysely checks out a connection per transaction, or per statement outside one.
  const preparing = (client: pg.PoolClient) => {
    let inTransaction = false;
    let transactionWrote = false;
    return {
      query: async (text: string, parameters: readonly unknown[]) => {
        const kind = statementKind(text);
        if (kind === 'begin') inTransaction = true;
        if (kind === 'write' && inTransaction) transactionWrote = true;
        try {
          const result = await query(client, text, parameters);
          // PostgreSQL answers the commit of a transaction in which a statement failed with a
          // rollback, not an error: a caller that swallowed that statement's error must not take
          // its transaction for committed.
          if (kind === 'end' && result.command === 'ROLLBACK' && /^\s*(commit|end)\b/i.test(text)) throw new RolledBack();
          return result;
        } finally {
          if (kind === 'write' && !inTransaction) wrote();
          if (kind === 'end') {
            if (transactionWrote) wrote();
            inTransaction = transactionWrote = false;
          }
        }
      },
      release: () => client.release(),
    } as unknown as PostgresPoolClient;
  };

  return {
    connect: async () => preparing(await pool.connect()),
    end: () => pool.end(),
  };
}

/** A commit that the server answered with a rollback. */
class RolledBack extends Error {
  readonly code = '25P02';
  constructor() {
    super('The transaction was rolled back: one of its statements had failed.');
  }
}

/**
 * Reads and transaction control as Kysely sends them; anything else may write (DDL included), and
 * so may a text of several statements. Conservative: a read taken for a write costs a reload.
 */
function statementKind(text: string): 'read' | 'begin' | 'end' | 'write' {
  if (/;\s*\S/.test(text)) return 'write';
  const word = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (word === 'select' || word === 'savepoint' || word === 'release') return 'read';
  // A common table expression reads unless one of its parts writes.
  if (word === 'with') return /\b(insert|update|delete|merge)\b/i.test(text) ? 'write' : 'read';
  if (word === 'begin' || word === 'start') return 'begin';
  if (word === 'commit' || word === 'end' || word === 'abort') return 'end';
  // "rollback to" a savepoint keeps the transaction open.
  if (word === 'rollback') return /^\s*rollback\s+to\b/i.test(text) ? 'read' : 'end';
  return 'write';
}
