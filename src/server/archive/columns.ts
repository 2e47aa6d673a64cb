import type { SelectType } from 'kysely';
import type { z } from 'zod';
import type { archiveTablesSchema, WrittenAs } from '@shared/archive/schema.js';
import type { Flag } from '../db/schema.js';

// The archive's schema (shared/archive/schema.ts) against the database's types (db/schema.ts), at
// compile time. Each disagreement is a sentence naming the table and the column; tables.ts
// requires there be none, so `npm run typecheck` fails there, naming them, and nothing needs a
// second list of the columns (docs/decisions/058-a-column-declared-once.md).

/** The column schemas of each of the archive's tables. */
export type ArchiveShapes = { [T in keyof typeof archiveTablesSchema.shape]: (typeof archiveTablesSchema.shape)[T]['element']['shape'] };

/**
 * `Value` when there is no disagreement; otherwise an object that no value fits, whose missing
 * properties (what the compiler's error lists) are the disagreements.
 */
export type Agreed<Disagreements extends string, Value> = [Disagreements] extends [never] ? Value : { [D in Disagreements]: true };

type Unwrapped<S> = S extends z.ZodNullable<infer Inner> ? Inner : S;

/** How the archive's schema writes a column: its mark (shared/archive/schema.ts), else as stored. */
type Declared<S> = Unwrapped<S> extends { writtenAs: infer W extends WrittenAs } ? W : 'as stored';

/** How the database's type of a column says the archive must write it. */
type Needed<Stored, Written> = 'jsonText' extends keyof NonNullable<Stored>
  ? 'json'
  : [NonNullable<Stored>] extends [Flag]
    ? 'flag'
    : [NonNullable<Stored>] extends [number]
      ? [NonNullable<Written>] extends [string]
        ? 'instant'
        : 'as stored'
      : 'as stored';

type ColumnDisagreement<Where extends string, Stored, S> = [Declared<S>] extends [Needed<Stored, z.output<S>>]
  ? (null extends Stored ? true : false) extends (S extends z.ZodNullable ? true : false)
    ? Declared<S> extends 'as stored'
      ? [NonNullable<z.output<S>>] extends [NonNullable<Stored>]
        ? never
        : `${Where}: the archive's values do not fit the database's column`
      : never
    : `${Where}: nullable in one of the database and the archive and not in the other`
  : `${Where}: the database's type needs it written as ${Needed<Stored, z.output<S>>}, the archive's schema writes it ${Declared<S>}`;

type TableDisagreements<T extends string, Table, Shape, Derived extends PropertyKey> =
  | `${T}.${Exclude<keyof Table, keyof Shape | Derived> & string} is in the database but neither archived nor derived`
  | `${T}.${Exclude<keyof Shape, keyof Table> & string} is in the archive but not in the database`
  | `${T}.${Exclude<Derived, keyof Table> & string} is declared derived but not in the database`
  | `${T}.${Extract<Derived, keyof Shape> & string} is both archived and derived`
  | { [C in keyof Shape & keyof Table & string]: ColumnDisagreement<`${T}.${C}`, SelectType<Table[C]>, Shape[C]> }[keyof Shape & keyof Table & string];

/**
 * Every way the archive's tables and columns disagree with the database's: a table neither archived
 * nor left out, a column in one and not the other (unless derived), or written as another kind
 * than the database stores (an instant as epoch milliseconds, a flag as 0/1, JSON as text).
 */
export type ArchiveDisagreements<Db, Shapes, Derived extends { readonly [T in keyof Shapes]?: readonly PropertyKey[] }, Unarchived extends string> =
  | `table ${Exclude<keyof Db, keyof Shapes | Unarchived> & string} is neither archived nor left out`
  | `table ${Exclude<keyof Shapes, keyof Db> & string} is in the archive but not in the database`
  | `table ${Extract<Unarchived, keyof Shapes> & string} is both archived and left out`
  | `table ${Exclude<Unarchived, keyof Db>} is left out but not in the database`
  | {
      [T in keyof Shapes & keyof Db & string]: TableDisagreements<T, Db[T], Shapes[T], Derived[T] extends readonly PropertyKey[] ? Derived[T][number] : never>;
    }[keyof Shapes & keyof Db & string];
