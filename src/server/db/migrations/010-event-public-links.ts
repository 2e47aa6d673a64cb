import type { Kysely, Migration } from 'kysely';

// Public watch links staff give an event (issue 14), shown on its public page: a short JSON list
// of { label, url } kept with the event, since it is read and saved only with it.
export const eventPublicLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('events')
      .addColumn('public_links', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
