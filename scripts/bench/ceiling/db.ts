import { randomUUID } from 'node:crypto';
import { parseFormData } from '@server/lineup/signup-rows.js';
import { changedAnswers } from '@shared/history.js';
import type { HistoryLine } from '@shared/schemas/history.js';
import type { SignupFormData } from '@shared/schemas/signup-answers.js';
import { availabilityIssues } from '@shared/schemas/signup-intake.js';
import type { Tx } from './event-save-tx.js';
import { type CeilingUser, Refusal } from './session.js';

// What a ceiling route needs from the database: one implementation per driver (sqlite.ts with
// better-sqlite3, postgres.ts with pg), each preparing its statements once (sql.ts).

export interface SessionRow {
  id_hash: string;
  dj_id: string;
  discord_user_id: string;
  public_name: string;
  roles: string;
  created_at: number | string;
  expires_at: number | string;
}

export interface IntakeEventRow {
  id: string;
  name: string;
  start_at: number | string;
  signups_open: number;
  host: string;
  version: number | string;
}

export interface CeilingDb {
  dialect: 'sqlite' | 'postgres';
  sessions: {
    find(idHash: string): SessionRow | undefined | Promise<SessionRow | undefined>;
    remove(idHash: string): void | Promise<void>;
    renew(idHash: string, expiresAt: number): void | Promise<void>;
  };
  /**
   * The intake's one transaction (src/server/signup/service.ts submitSignup): read the event
   * (locked on PostgreSQL), admit the submission, find the DJ's own signup, then update it or
   * insert a new one and its DJ reference. Returns the event's version.
   */
  signupIntake(form: SignupFormData, actor: Actor): number | Promise<number>;
  /** "Event X changed" after the commit (src/server/changes/bus.ts). */
  publish(change: { eventId: string; version: number }): void | Promise<void>;
  /** One transaction (begin … commit, rolled back on a throw), for routes written once for both drivers (event-save-tx.ts). */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Reads outside a transaction, as the app's GET makes them. */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** As the app's store (db/statement-cache.ts): changes when DJ details may have; SQLite only. */
  djDetailsVersion?: () => string;
  close(): Promise<void>;
}

const NOT_FOUND = 'Event or DJ data not found.';
const SIGNUPS_CLOSED = 'Signups for this event are currently closed.';

/** The checks between reading the event and writing, as the app's service makes them. */
export function admit(event: IntakeEventRow | undefined, form: SignupFormData): number {
  if (!event) throw new Refusal(404, NOT_FOUND);
  if (event.signups_open !== 1) throw new Refusal(409, SIGNUPS_CLOSED);
  const issues = availabilityIssues(form, new Date(Number(event.start_at)).toISOString());
  if (issues.length) throw new Refusal(400, issues.map((issue) => `${issue.path[0]}: ${issue.message}`).join('; '));
  return Number(event.version);
}

export interface OwnSignupRow {
  uuid: string;
  name: string;
  submitted_by: string | null;
  form_data: string | null;
}

/** The intake's history entry, as the app records it (src/server/signup/service.ts): its insert's parameters. */
export function intakeChange(own: OwnSignupRow | undefined, form: SignupFormData, actor: Actor, version: number, now: number): unknown[] {
  const lines: HistoryLine[] = [
    own ? { t: 'answers', name: form.name, fields: changedAnswers(parseFormData(own.form_data), form) } : { t: 'signup', change: 'added', name: form.name },
  ];
  return [randomUUID(), form.event_id, now, actor.djId, actor.publicName, own?.form_data ? 'signup_updated' : 'signup_submitted', version, JSON.stringify(lines)];
}

/** Who a ceiling transaction acts for. */
export type Actor = Pick<CeilingUser, 'djId' | 'publicName'>;

/** A back-to-back partner may not overwrite the answers another DJ gave, as in the app. */
export function checkOwner(own: OwnSignupRow | undefined, djId: string): void {
  if (own && own.submitted_by !== null && own.submitted_by !== djId) {
    throw new Refusal(409, `You are on the signup ${own.name} with another DJ, who gave its answers: ask them or the host to change them.`);
  }
}

/**
 * A lost race that a second attempt resolves, as in the app: a unique violation (the same DJ's
 * other submission inserted first) or a PostgreSQL deadlock.
 */
export function worthRetrying(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === '40P01' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
