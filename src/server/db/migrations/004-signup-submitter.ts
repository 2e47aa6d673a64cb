import { type Kysely, type Migration, sql } from 'kysely';

// Who gave a signup's answers: only that DJ (and staff) may read them, and a back-to-back
// partner staff added to the signup may not overwrite them. Existing answers came from the
// signup's main DJ (the intake names the submitter first).
export const signupSubmitter: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('signups')
      .addColumn('submitted_by', 'text', (c) => c.references('djs.id').onDelete('set null'))
      .execute();
    await sql`
      update signups set submitted_by = (
        select dj_id from signup_djs where signup_djs.signup_uuid = signups.uuid and signup_djs.position = 0
      )
      where form_data is not null
    `.execute(db);
  },
};
