import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SignupFormData } from '@shared/schemas/signup-answers.js';
import { type Actor, admit, type CeilingDb, checkOwner, intakeChange, type IntakeEventRow, type OwnSignupRow, type SessionRow } from './db.js';
import type { Tx } from './event-save-tx.js';
import { CHANGE_CHANNEL, forUpdate, NOTIFY_SQL, numbered, SESSION_SQL, SIGNUP_INTAKE_SQL } from './sql.js';

// pg with the app's pool size (src/server/db/open.ts) and its notifier pool (changes/bus.ts).
// Statements are named, so each connection prepares each one once and then only binds.

// The app's type parsers: int8 and numeric as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

const statement = (name: string, sql: string) => {
  const text = numbered(sql);
  return (...values: unknown[]): pg.QueryConfig => ({ name, text, values });
};

const session = {
  find: statement('session_find', SESSION_SQL.find),
  remove: statement('session_remove', SESSION_SQL.remove),
  renew: statement('session_renew', SESSION_SQL.renew),
};
const intake = {
  event: statement('intake_event', forUpdate(SIGNUP_INTAKE_SQL.event)),
  ownSignup: statement('intake_own_signup', SIGNUP_INTAKE_SQL.ownSignup),
  updateSignup: statement('intake_update_signup', SIGNUP_INTAKE_SQL.updateSignup),
  insertSignup: statement('intake_insert_signup', SIGNUP_INTAKE_SQL.insertSignup),
  insertSignupDj: statement('intake_insert_signup_dj', SIGNUP_INTAKE_SQL.insertSignupDj),
  recordChange: statement('intake_record_change', SIGNUP_INTAKE_SQL.recordChange),
};
const notify = statement('notify', NOTIFY_SQL);

export async function openPostgresCeiling(databaseUrl: string): Promise<CeilingDb> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  notifier.on('error', () => {});
  // Open the pool's connections now: by the app's first burst, its pool is full already (the
  // floor and earlier scenarios ran), so the ceiling's first burst must not pay for connecting.
  const clients = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
  for (const client of clients) client.release();

  async function signupIntake(form: SignupFormData, actor: Actor): Promise<number> {
    const { djId } = actor;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const event = (await client.query<IntakeEventRow>(intake.event(form.event_id))).rows[0];
      const version = admit(event, form);
      const now = Date.now();
      const own = (await client.query<OwnSignupRow>(intake.ownSignup(event!.id, djId))).rows[0];
      checkOwner(own, djId);
      const formData = JSON.stringify(form);
      if (own) {
        await client.query(intake.updateSignup(form.name, form.requested_duration, form.type, formData, djId, null, null, null, null, now, own.uuid));
      } else {
        const uuid = randomUUID();
        await client.query(intake.insertSignup(uuid, event!.id, event!.id, 0, 0, now, form.name, form.requested_duration, form.type, formData, djId, null, null, null, null, now));
        await client.query(intake.insertSignupDj(uuid, event!.id, djId, 0));
      }
      await client.query(intake.recordChange(...intakeChange(own, form, actor, version, now)));
      await client.query('commit');
      return version;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  // Statements the event save composes: a name per text, so each connection prepares it once.
  const names = new Map<string, string>();
  const query = (sql: string, params: readonly unknown[]): pg.QueryConfig => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `save_${names.size}`));
    return { name, text: numbered(sql), values: [...params] };
  };
  const txOf = (client: pg.PoolClient): Tx => ({
    all: async <T>(sql: string, params: readonly unknown[]) => (await client.query(query(sql, params))).rows as T[],
    run: async (sql, params) => void (await client.query(query(sql, params))),
  });

  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  return {
    dialect: 'postgres',
    transaction: (work) =>
      withClient(async (client) => {
        await client.query('begin');
        try {
          const result = await work(txOf(client));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
      }),
    read: (work) => withClient((client) => work(txOf(client))),
    sessions: {
      find: async (idHash) => (await pool.query<SessionRow>(session.find(idHash))).rows[0],
      remove: async (idHash) => void (await pool.query(session.remove(idHash))),
      renew: async (idHash, expiresAt) => void (await pool.query(session.renew(expiresAt, idHash))),
    },
    signupIntake,
    publish: async (change) => void (await notifier.query(notify(CHANGE_CHANNEL, JSON.stringify(change)))),
    close: async () => {
      await pool.end();
      await notifier.end();
    },
  };
}
