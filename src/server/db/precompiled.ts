import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';
import { DirectSqliteTransaction, idleConnection, runOn } from './direct.js';
import type { Database } from './schema.js';

/** Where a precompiled query runs: through Kysely, or straight on SQLite's connection (db/direct.ts). */
export type QueryTarget = Kysely<Database> | DirectSqliteTransaction;

/** Where each parameter of the compiled SQL comes from: a named value of the call, or a constant of the query. */
type Source = { name: string } | { constant: unknown };

interface Plan {
  compiled: CompiledQuery;
  sources: Source[];
}

/**
 * A hot-path query (session lookup, signup intake) that Kysely builds and compiles once per
 * dialect instead of on every call: building and compiling cost as much as running the statement
 * on SQLite. `build` receives stand-ins for the named values, recognised in the compiled
 * parameters and replaced by each call's values; anything else in the query is fixed, so `build`
 * must not branch on a value (make two queries instead).
 */
export function precompiled<V extends object, R>(build: (db: Kysely<Database>, values: V) => Compilable<R>) {
  // Per dialect (adapter class): the same query compiles to other SQL on PostgreSQL.
  const plans = new Map<unknown, Plan>();
  return async (target: QueryTarget, values: V): Promise<QueryResult<R>> => {
    const db = target instanceof DirectSqliteTransaction ? target.compiler : target;
    const dialect = db.getExecutor().adapter.constructor;
    let plan = plans.get(dialect);
    if (!plan) {
      plan = compile(db, build, Object.keys(values));
      plans.set(dialect, plan);
    }
    const named = values as Record<string, unknown>;
    const query = { ...(plan.compiled as CompiledQuery<R>), parameters: plan.sources.map((source) => ('name' in source ? named[source.name] : source.constant)) };
    const direct = target instanceof DirectSqliteTransaction ? target.openConnection : idleConnection(db);
    return direct ? runOn(direct, query) : db.executeQuery<R>(query);
  };
}

function compile<V extends object>(db: Kysely<Database>, build: (db: Kysely<Database>, values: V) => Compilable<unknown>, names: string[]): Plan {
  const standIns = new Map(names.map((name) => [`\u0000precompiled:${name}\u0000`, name]));
  const compiled = build(db, Object.fromEntries([...standIns].map(([standIn, name]) => [name, standIn])) as V).compile();
  const sources = compiled.parameters.map((parameter): Source => {
    const name = typeof parameter === 'string' ? standIns.get(parameter) : undefined;
    return name === undefined ? { constant: parameter } : { name };
  });
  const used = new Set(sources.flatMap((source) => ('name' in source ? [source.name] : [])));
  const unused = names.filter((name) => !used.has(name));
  // A value that never reached the SQL was transformed or branched on by `build`: refuse, loudly.
  if (unused.length > 0) throw new Error(`precompiled: ${unused.join(', ')} must be passed to the query as they are`);
  return { compiled, sources };
}
