import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { Database } from '../db/schema.js';
import { publiclyVisible } from './repository.js';

// Which events are public is one rule; the public queries (tested through HTTP in public.test.ts)
// all go through it.
test('an event is public once published, cancelled or not (a cancelled one says so: issue 34), and only then', () => {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const query = db.selectFrom('events').select('id').where(publiclyVisible).compile();
  expect(query.sql).toBe('select "id" from "events" where "events"."published" = ?');
  expect(query.parameters).toEqual([1]);
});
