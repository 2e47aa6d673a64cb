import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { openSession, resumeSession } from '@server/auth/sessions.js';
import { inProcessBus } from '@server/changes/bus.js';
import type { AppContext } from '@server/context.js';
import { sqliteStore } from '@server/db/open.js';
import { migrationProvider } from '@server/db/migrations/index.js';
import type { Database } from '@server/db/schema.js';
import { submitSignup } from '@server/signup/service.js';
import { intake } from '@server/testing/fixtures.js';
import { signupIntakeSchema } from '@shared/schemas/signup-intake.js';
import { getEventDetail, saveEvent } from '@server/events/service.js';
import { slotForSignup } from '@shared/lineup.js';
import { type EventDetail, eventFieldsSchema, type SaveEventBody, saveEventSchema } from '@shared/schemas/events.js';
import { buildLegacySlot, buildSignup } from '@shared/testing/builders.js';
import { readEventDetail, saveEventInTx, type Tx } from './event-save-tx.js';
import { SESSION_SQL, SIGNUP_INTAKE_SQL } from './sql.js';

// The ceiling must issue the statements the app issues: run the app's own session, intake and
// event save code on SQLite and compare what it sent with the ceiling's texts.

/** An in-memory SQLite connection that notes the SQL of every statement run on it, whoever runs it. */
function recordingSqlite(sent: string[]): SQLite.Database {
  const database = new SQLite(':memory:');
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    const statement = prepare(source);
    const noted = (method: 'all' | 'run') => (...parameters: unknown[]) => {
      sent.push(source);
      return statement[method](...parameters);
    };
    return new Proxy(statement, {
      get: (target, key) => {
        if (key === 'all' || key === 'run') return noted(key);
        const value: unknown = Reflect.get(target, key);
        // Native methods must be called on the statement itself.
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }) as typeof database.prepare;
  return database;
}

test("the ceiling's statements are the ones the app's session lookup and signup intake send", async () => {
  const sent: string[] = [];
  const store = sqliteStore(recordingSqlite(sent));
  const { db } = store;
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
    const ctx = { store, changes: inProcessBus() } as unknown as AppContext;

    sent.length = 0;
    await resumeSession(db, renewing.token, ttl);
    await resumeSession(db, expired.token, ttl);
    expect(sent).toEqual([SESSION_SQL.find, SESSION_SQL.renew, SESSION_SQL.find, SESSION_SQL.remove]);

    sent.length = 0;
    await submitSignup({ ctx, user, intake: signupIntakeSchema.parse(intake('e1')) });
    await submitSignup({ ctx, user, intake: signupIntakeSchema.parse(intake('e1', { dj_notes: 'again' })) });
    const { event, ownSignup, insertSignup, insertSignupDj, updateSignup, recordChange } = SIGNUP_INTAKE_SQL;
    // The ceiling's transaction is one per signup; the app's is a group commit (decision 018),
    // here of one signup each, whose statements are the ceiling's.
    const grouped = (statements: string[]) => ['begin immediate', 'savepoint work', ...statements, 'release savepoint work', 'commit'];
    expect(sent).toEqual([...grouped([event, ownSignup, insertSignup, insertSignupDj, recordChange]), ...grouped([event, ownSignup, updateSignup, recordChange])]);
  } finally {
    await store.close();
  }
});

test("the ceiling's event save sends the app's statements in the app's order and answers the same", async () => {
  const appSent: string[] = [];
  const appDb = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    log: (event) => {
      if (event.level === 'query') appSent.push(event.query.sql);
    },
  });
  const ceilingFile = new SQLite(':memory:');
  const ceilingDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: ceilingFile }) });
  try {
    const now = Date.now();
    for (const db of [appDb, ceilingDb]) {
      expect((await new Migrator({ db, provider: migrationProvider }).migrateToLatest()).error).toBeUndefined();
      for (const id of ['e0', 'e1']) {
        await db
          .insertInto('events')
          .values({ id, name: id, start_at: now + (id === 'e0' ? 0 : 86_400_000), end_at: now, published: 0, host: '', message: '', footer: '', signups_open: 1, version: 1, created_at: now, updated_at: now })
          .execute();
      }
      for (const id of ['d1', 'd2', 'd3', 'd4']) {
        await db
          .insertInto('djs')
          .values({ id, discord_id: null, public_name: '', dj_name: id, rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
          .execute();
      }
      await db.insertInto('dj_plays').values({ event_id: 'e0', dj_id: 'd1' }).execute();
    }
    const ceilingSent: string[] = [];
    const tx: Tx = {
      all: async <T>(sql: string, params: readonly unknown[]) => {
        ceilingSent.push(sql);
        return ceilingFile.prepare(sql).all(...params) as T[];
      },
      run: async (sql, params) => {
        ceilingSent.push(sql);
        ceilingFile.prepare(sql).run(...params);
      },
    };

    // A series of saves touching every kind of write: new signups and slots, a legacy slot, a
    // rotation, staff fields, DJs moved and reordered, a removal, the event's own fields.
    const a = buildSignup('s1', { djRefs: ['d1', 'd2'] });
    const b = buildSignup('s2', { djRefs: ['d3'] });
    const host = { djId: 'd1', discordUserId: '0', publicName: 'Host', avatarUrl: null, roles: ['host' as const] };
    const saves: Array<(e: EventDetail) => Partial<SaveEventBody>> = [
      () => ({ signups: [a, b], slots: [slotForSignup(a), slotForSignup(b), buildLegacySlot({ djRef: 'd4' })] }),
      (e) => ({ slots: [e.slots[1]!, e.slots[2]!, e.slots[0]!] }),
      (e) => ({ event: { ...eventFieldsSchema.parse(e), name: 'Renamed' }, signups: [{ ...e.signups[1]!, name: 'B', isDebut: true }, { ...e.signups[0]!, djRefs: ['d2'] }], slots: [e.slots[0]!] }),
      (e) => ({ signups: [{ ...e.signups[0]!, djRefs: ['d3', 'd1'] }], removedSignupUuids: [e.signups[1]!.uuid], slots: [] }),
      () => ({}),
    ];
    let appEvent = await getEventDetail({ db: appDb, eventId: 'e1' });
    let ceilingEvent = await readEventDetail(tx, 'e1');
    expect(ceilingEvent).toEqual(appEvent);
    for (const edits of saves) {
      const body = (e: EventDetail) =>
        saveEventSchema.parse({ baseVersion: e.version, event: eventFieldsSchema.parse(e), signups: e.signups, slots: e.slots, removedSignupUuids: [], ...edits(e) });
      appSent.length = 0;
      ceilingSent.length = 0;
      appEvent = await saveEvent({ db: appDb, changes: inProcessBus(), actor: host, eventId: 'e1', body: body(appEvent) });
      ceilingFile.prepare('begin').run();
      ceilingEvent = (await saveEventInTx(tx, host, 'e1', body(ceilingEvent), Date.now())).saved;
      ceilingFile.prepare('commit').run();
      expect(['begin', ...ceilingSent, 'commit']).toEqual(appSent);
      expect(ceilingEvent).toEqual(appEvent);
    }
    // Stale: refused the same way.
    appSent.length = 0;
    ceilingSent.length = 0;
    const stale = saveEventSchema.parse({ baseVersion: 1, event: eventFieldsSchema.parse(appEvent), signups: [], slots: [], removedSignupUuids: [] });
    await expect(saveEvent({ db: appDb, changes: inProcessBus(), actor: host, eventId: 'e1', body: stale })).rejects.toMatchObject({ statusCode: 409 });
    await expect(saveEventInTx(tx, host, 'e1', stale, Date.now())).rejects.toMatchObject({ statusCode: 409 });
    expect(['begin', ...ceilingSent, 'rollback']).toEqual(appSent);
    // The event page's read for the first base: the app's answer.
    expect(await readEventDetail(tx, 'e1')).toEqual(await getEventDetail({ db: appDb, eventId: 'e1' }));
  } finally {
    await appDb.destroy();
    await ceilingDb.destroy();
  }
});
