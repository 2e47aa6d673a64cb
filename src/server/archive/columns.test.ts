import type { z } from 'zod';
import { archiveTablesSchema, columnWrittenAs } from '@shared/archive/schema.js';
import type { Database, EventsTable, SignupsTable } from '../db/schema.js';
import type { Agreed, ArchiveShapes } from './columns.js';
import { archivedColumns, type Disagreements, toRecord, toRow } from './tables.js';

// A column is declared once for the archive (docs/decisions/058-a-column-declared-once.md): its
// schema in shared/archive/schema.ts says how it is written, and the compiler checks it against
// the database's types. These checks run in `npm run typecheck` (expectTypeOf, @ts-expect-error):
// each shows a second definition that disagrees, or a column left out of one of them, fails it.

/** `Base` with `Key` replaced by `Value`. */
type With<Base, Key extends keyof Base, Value> = Omit<Base, Key> & { [K in Key]: Value };
type Shape<T extends keyof ArchiveShapes> = ArchiveShapes[T];
type Column<T extends keyof ArchiveShapes, C extends keyof Shape<T>> = Shape<T>[C];

test('the archive and the database agree today', () => {
  expectTypeOf<Disagreements>().toBeNever();
});

test('a column added to the database and not to the archive fails typecheck, named', () => {
  type Db = With<Database, 'events', EventsTable & { encore_at: number }>;
  expectTypeOf<Disagreements<Db>>().toEqualTypeOf<'events.encore_at is in the database but neither archived nor derived'>();
  // Where tables.ts holds the archive's columns, that is a compile error.
  // @ts-expect-error the database has a column the archive does not
  const columns: Agreed<Disagreements<Db>, Map<string, string>> = new Map();
  expect(columns).toBeDefined();
});

test('a column added to the archive and not to the database, or misspelt, fails typecheck, named', () => {
  type Extra = With<ArchiveShapes, 'djs', Shape<'djs'> & { pronouns: z.ZodString }>;
  expectTypeOf<Disagreements<Database, Extra>>().toEqualTypeOf<'djs.pronouns is in the archive but not in the database'>();
  type Misspelt = With<ArchiveShapes, 'djs', Omit<Shape<'djs'>, 'dj_name'> & { djname: Column<'djs', 'dj_name'> }>;
  expectTypeOf<Disagreements<Database, Misspelt>>().toEqualTypeOf<
    'djs.dj_name is in the database but neither archived nor derived' | 'djs.djname is in the archive but not in the database'
  >();
});

test('a JSON column the archive writes as text fails typecheck: the database says it is JSON', () => {
  type AsText = With<ArchiveShapes, 'signups', With<Shape<'signups'>, 'form_data', z.ZodNullable<z.ZodString>>>;
  expectTypeOf<Disagreements<Database, AsText>>().toEqualTypeOf<"signups.form_data: the database's type needs it written as json, the archive's schema writes it as stored">();
  // A new JSON column in the database, written as text by the archive.
  type Db = With<Database, 'signups', SignupsTable & { encore: string & { readonly jsonText?: true } }>;
  type Shapes = With<ArchiveShapes, 'signups', Shape<'signups'> & { encore: z.ZodString }>;
  expectTypeOf<Disagreements<Db, Shapes>>().toEqualTypeOf<"signups.encore: the database's type needs it written as json, the archive's schema writes it as stored">();
});

test('an instant or a flag written as stored, or a column nullable on one side only, fails typecheck', () => {
  type Instant = With<ArchiveShapes, 'events', With<Shape<'events'>, 'start_at', z.ZodString>>;
  expectTypeOf<Disagreements<Database, Instant>>().toEqualTypeOf<"events.start_at: the database's type needs it written as instant, the archive's schema writes it as stored">();
  type FlagAsNumber = With<ArchiveShapes, 'events', With<Shape<'events'>, 'published', z.ZodNumber>>;
  expectTypeOf<Disagreements<Database, FlagAsNumber>>().toEqualTypeOf<"events.published: the database's type needs it written as flag, the archive's schema writes it as stored">();
  type NotNullable = With<ArchiveShapes, 'events', With<Shape<'events'>, 'cancelled_at', Column<'events', 'start_at'>>>;
  expectTypeOf<Disagreements<Database, NotNullable>>().toEqualTypeOf<'events.cancelled_at: nullable in one of the database and the archive and not in the other'>();
  type WrongType = With<ArchiveShapes, 'events', With<Shape<'events'>, 'name', z.ZodNumber>>;
  expectTypeOf<Disagreements<Database, WrongType>>().toEqualTypeOf<"events.name: the archive's values do not fit the database's column">();
});

test('a table added to the database is archived or left out on purpose', () => {
  type Db = Database & { encores: { id: string } };
  expectTypeOf<Disagreements<Db>>().toEqualTypeOf<'table encores is neither archived nor left out'>();
});

test('how a column is written is read from its schema, nullable or not, and converts both ways', () => {
  const kinds = Object.fromEntries(archivedColumns('signups').map((column) => [column, columnWrittenAs(archiveTablesSchema.shape.signups.element.shape[column])]));
  expect(kinds).toMatchObject({ form_data: 'json', is_debut: 'flag', stream_tested_at: 'instant', created_at: 'instant', name: undefined, position: undefined });
  const row = { key: 'global', value: '{"seriesName":"Nights"}', updated_at: Date.parse('2030-01-01T00:00:00.000Z') };
  const record = toRecord('settings', row);
  expect(record).toEqual({ key: 'global', value: { seriesName: 'Nights' }, updated_at: '2030-01-01T00:00:00.000Z' });
  expect(toRow('settings', record)).toEqual(row);
});
