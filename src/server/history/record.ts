import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { EventChangeKind } from '@shared/domain.js';
import { saveChanges } from '@shared/history.js';
import type { EventDetail, LineupEvent } from '@shared/schemas/events.js';
import type { HistoryLine } from '@shared/schemas/history.js';
import type { SessionUser } from '../auth/sessions.js';
import type { Database } from '../db/schema.js';
import { precompiled, type QueryTarget } from '../db/precompiled.js';
import { findDjsById } from '../djs/rows.js';

// Writing an event's history (docs/decisions/013-event-history.md): one insert per change, in
// the transaction that makes it, so a change and its trace commit (or fail) together.

/** Who made a change: the signed-in person, or null for the app itself (seed, schedules). */
export type Actor = Pick<SessionUser, 'djId' | 'publicName'> | null;

export interface Change {
  eventId: string;
  actor: Actor;
  kind: EventChangeKind;
  /** The event's version after the change. */
  version: number;
  lines?: readonly HistoryLine[];
  at?: number;
}

export async function recordChange(db: QueryTarget, { eventId, actor, kind, version, lines = [], at = Date.now() }: Change): Promise<void> {
  await insertChange(db, {
    id: randomUUID(),
    eventId,
    at,
    actorDjId: actor?.djId ?? null,
    actorName: actor ? actor.publicName : null,
    kind,
    version,
    summary: JSON.stringify(lines),
  });
}

// Compiled once: the DJ intake, a hot path, records every submission.
const insertChange = precompiled(
  (db, values: { id: string; eventId: string; at: number; actorDjId: string | null; actorName: string | null; kind: string; version: number; summary: string }) =>
    db.insertInto('event_changes').values({
      id: values.id,
      event_id: values.eventId,
      at: values.at,
      actor_dj_id: values.actorDjId,
      actor_name: values.actorName,
      kind: values.kind,
      version: values.version,
      summary: values.summary,
    }),
);

/**
 * A staff save: what it changed between `before` and `after` (shared/history.ts), named with the
 * DJs' names now; a save that changed nothing leaves no entry. `seen`: the signups it wrote.
 */
export async function recordSave(
  trx: Transaction<Database>,
  { eventId, actor, before, after, seen }: { eventId: string; actor: Actor; before: LineupEvent | undefined; after: EventDetail; seen: readonly string[] },
): Promise<void> {
  if (!before) return;
  const gone = before.signups.flatMap((signup) => signup.djRefs).filter((id) => !after.djs[id]);
  const djs = { ...(await findDjsById(trx, [...new Set(gone)])), ...after.djs };
  const lines = saveChanges(before, after, djs, new Set(seen));
  if (lines.length > 0) await recordChange(trx, { eventId, actor, kind: 'saved', version: after.version, lines });
}
