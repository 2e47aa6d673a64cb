import type { Kysely, Migration } from 'kysely';

// A DJ's update to a signup in a saved lineup waits as a whole (issue 34, decision 042): while it
// waits, the lineup goes by the answers it had (availability, stream link, notes …), kept here as
// JSON; form_data holds the DJ's latest, which their own page shows. Null: the lineup goes by
// form_data (nothing waits, or the signup was staff's and had no answers to keep).
export const signupAnswersInUse: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('signups').addColumn('answers_in_use', 'text').execute();
  },
};
