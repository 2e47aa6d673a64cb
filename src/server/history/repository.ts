import type { Kysely, Transaction } from 'kysely';
import { EVENT_CHANGE_KINDS, type EventChangeKind } from '@shared/domain.js';
import { type HistoryEntry, type HistoryLine, historyLineSchema } from '@shared/schemas/history.js';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/values.js';
import { namedSignupOf, NAMING_COLUMNS, signupsNaming } from '../lineup/signups-naming.js';

// Reading an event's history and a DJ's signups over time (record.ts writes the history).

type Db = Kysely<Database> | Transaction<Database>;

/** Stored lines read back through their schema; a line this version cannot read is left out. */
function parseLines(json: string): HistoryLine[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((line) => {
      const parsed = historyLineSchema.safeParse(line);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

const isKind = (kind: string): kind is EventChangeKind => (EVENT_CHANGE_KINDS as readonly string[]).includes(kind);

/** A page of the event's history, newest first, after the cursor (`at` and `id` of the last entry seen). */
export async function findChanges(db: Db, eventId: string, before: { at: number; id: string } | null, limit: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('event_changes')
    .selectAll()
    .where('event_id', '=', eventId)
    .$if(before !== null, (query) =>
      query.where((eb) => eb.or([eb('at', '<', before!.at), eb.and([eb('at', '=', before!.at), eb('id', '<', before!.id)])])),
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) =>
    isKind(row.kind)
      ? [
          {
            id: row.id,
            at: toIso(row.at),
            actor: row.actor_name === null ? null : { djId: row.actor_dj_id, name: row.actor_name },
            kind: row.kind,
            version: Number(row.version),
            lines: parseLines(row.summary),
          },
        ]
      : [],
  );
}

/** Every signup naming the DJ, newest event first, with its slot and the DJ's answer. */
export async function findDjSignups(db: Db, djId: string) {
  const rows = await signupsNaming(db, djId).select([...NAMING_COLUMNS, 'signups.created_at']).orderBy('events.start_at', 'desc').orderBy('events.id').execute();
  return rows.map((row) => {
    const { slot, ...named } = namedSignupOf(row);
    return { ...named, signedUpAt: toIso(row.created_at), slotStart: slot?.startTime ?? null };
  });
}
