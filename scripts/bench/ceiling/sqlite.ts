import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import SQLite from 'better-sqlite3';
import type { SignupFormData } from '@shared/schemas/signup-answers.js';
import { type Actor, admit, type CeilingDb, checkOwner, intakeChange, type IntakeEventRow, type OwnSignupRow, type SessionRow } from './db.js';
import { changesDjDetails } from '@server/db/statement-cache.js';
import type { Tx } from './event-save-tx.js';
import { SESSION_SQL, SIGNUP_INTAKE_SQL } from './sql.js';

// better-sqlite3 on a file the bench migrated with the app's migrations, opened with the app's
// pragmas (src/server/db/open.ts). Every statement is prepared once; the intake's transaction
// is better-sqlite3's own (begin … commit, synchronous, so no mutex is needed).

export function openSqliteCeiling(file: string): CeilingDb {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');

  const session = {
    find: database.prepare<[string], SessionRow>(SESSION_SQL.find),
    remove: database.prepare<[string]>(SESSION_SQL.remove),
    renew: database.prepare<[number, string]>(SESSION_SQL.renew),
  };
  const intake = {
    event: database.prepare<[string], IntakeEventRow>(SIGNUP_INTAKE_SQL.event),
    ownSignup: database.prepare<[string, string], OwnSignupRow>(SIGNUP_INTAKE_SQL.ownSignup),
    updateSignup: database.prepare(SIGNUP_INTAKE_SQL.updateSignup),
    insertSignup: database.prepare(SIGNUP_INTAKE_SQL.insertSignup),
    insertSignupDj: database.prepare(SIGNUP_INTAKE_SQL.insertSignupDj),
    recordChange: database.prepare(SIGNUP_INTAKE_SQL.recordChange),
  };

  const signupIntake = database.transaction((form: SignupFormData, actor: Actor): number => {
    const { djId } = actor;
    const event = intake.event.get(form.event_id);
    const version = admit(event, form);
    const now = Date.now();
    const own = intake.ownSignup.get(event!.id, djId);
    checkOwner(own, djId);
    const formData = JSON.stringify(form);
    if (own) {
      intake.updateSignup.run(form.name, form.requested_duration, form.type, formData, djId, null, null, null, null, now, own.uuid);
    } else {
      const uuid = randomUUID();
      intake.insertSignup.run(uuid, event!.id, event!.id, 0, 0, now, form.name, form.requested_duration, form.type, formData, djId, null, null, null, null, now);
      intake.insertSignupDj.run(uuid, event!.id, djId, 0);
    }
    intake.recordChange.run(...intakeChange(own, form, actor, version, now));
    return version;
  });

  // Statements the event save composes, each text prepared once.
  const prepared = new Map<string, { statement: SQLite.Statement; djDetails: boolean }>();
  let djDetailWrites = 0;
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = { statement: database.prepare(sql), djDetails: changesDjDetails(sql) }));
    if (found.djDetails) djDetailWrites += 1;
    return found.statement;
  };
  const otherCommits = database.prepare('pragma data_version').pluck();
  const tx: Tx = {
    all: async <T>(sql: string, params: readonly unknown[]) => statement(sql).all(...params) as T[],
    run: async (sql, params) => void statement(sql).run(...params),
  };
  // One connection, as the app's: a transaction that awaits between statements holds it until it
  // ends (Kysely's single-connection provider does the same), so nothing else runs inside it.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => T | Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => {});
    return result;
  };
  const [begin, commit, rollback] = ['begin', 'commit', 'rollback'].map((sql) => database.prepare(sql));

  // The app's in-process change bus: an emitter per event id, nobody listening in the bench.
  const changes = new EventEmitter();
  changes.setMaxListeners(0);

  return {
    dialect: 'sqlite',
    sessions: {
      find: (idHash) => session.find.get(idHash),
      remove: (idHash) => exclusive(() => void session.remove.run(idHash)),
      renew: (idHash, expiresAt) => exclusive(() => void session.renew.run(expiresAt, idHash)),
    },
    signupIntake: (form, actor) => exclusive(() => signupIntake(form, actor)),
    transaction: (work) =>
      exclusive(async () => {
        begin!.run();
        try {
          const result = await work(tx);
          commit!.run();
          return result;
        } catch (error) {
          if (database.inTransaction) rollback!.run();
          throw error;
        }
      }),
    read: (work) => exclusive(() => work(tx)),
    djDetailsVersion: () => `${otherCommits.get() as number}:${djDetailWrites}`,
    publish: (change) => void changes.emit(change.eventId, change),
    close: async () => {
      database.close();
    },
  };
}
