import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { openSession, resumeSession } from '@server/auth/sessions.js';
import { inProcessBus } from '@server/changes/bus.js';
import type { AppContext } from '@server/context.js';
import { migrationProvider } from '@server/db/migrations/index.js';
import type { Database } from '@server/db/schema.js';
import { submitSignup } from '@server/signup/service.js';
import { intake } from '@server/testing/fixtures.js';
import { signupIntakeSchema } from '@shared/schemas/signup.js';
import { SESSION_SQL, SIGNUP_INTAKE_SQL } from './sql.js';

// The ceiling must issue the statements the app issues: run the app's own session and intake
// code on SQLite and compare what Kysely sent with the ceiling's texts.

test("the ceiling's statements are the ones the app's session lookup and signup intake send", async () => {
  const sent: string[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query.sql);
    },
  });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(error).toBeUndefined();
    const now = Date.now();
    await db
      .insertInto('events')
      .values({ id: 'e1', name: 'Bench', start_at: now + 86_400_000, end_at: now + 86_400_000, published: 0, host: '', message: '', footer: '', signups_open: 1, version: 1, created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('djs')
      .values({ id: 'd1', discord_id: null, public_name: '', dj_name: '', rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
      .execute();
    const user = { djId: 'd1', discordUserId: '0', publicName: 'Test person', avatarUrl: null, roles: ['dj' as const] };
    const ttl = 30 * 86_400_000;
    const renewing = await openSession(db, user, ttl / 2 - 60_000);
    const expired = await openSession(db, user, -1);
    const ctx = { store: { db, dialect: 'sqlite' }, changes: inProcessBus() } as unknown as AppContext;

    sent.length = 0;
    await resumeSession(db, renewing.token, ttl);
    await resumeSession(db, expired.token, ttl);
    expect(sent).toEqual([SESSION_SQL.find, SESSION_SQL.renew, SESSION_SQL.find, SESSION_SQL.remove]);

    sent.length = 0;
    await submitSignup(ctx, user, signupIntakeSchema.parse(intake('e1')));
    await submitSignup(ctx, user, signupIntakeSchema.parse(intake('e1', { dj_notes: 'again' })));
    const { event, ownSignup, insertSignup, insertSignupDj, updateSignup } = SIGNUP_INTAKE_SQL;
    expect(sent).toEqual(['begin', event, ownSignup, insertSignup, insertSignupDj, 'commit', 'begin', event, ownSignup, updateSignup, 'commit']);
  } finally {
    await db.destroy();
  }
});
