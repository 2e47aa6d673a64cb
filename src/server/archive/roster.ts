import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { readRosterCsv, ROSTER_COLUMNS, ROSTER_IMPORT_MAX_CHARS, type RosterCsv, type RosterField } from '@shared/archive/roster-csv.js';
import { decodeSpreadsheet, type DecodedText } from '@shared/archive/text-encoding.js';
import { ROSTER_ACTIONS, type RosterImportBody, type RosterImportPreview, type RosterImportResult, type RosterPreviewRow } from '@shared/schemas/archive.js';
import type { Database, DjRow } from '../db/schema.js';
import { badRequest, conflict } from '../http/errors.js';

// The DJ roster from a spreadsheet: each row creates a DJ, or updates the DJ with its Discord ID,
// or is refused with its problem, or gives way to a later row with its Discord ID. The preview
// says all of it; the import writes exactly what the preview said (its planId), in one
// transaction, or nothing when the roster changed since.

type Db = Kysely<Database> | Transaction<Database>;

const COLUMN_OF: Record<RosterField, keyof DjRow> = {
  djName: 'dj_name',
  publicName: 'public_name',
  discordId: 'discord_id',
  rtmpUrl: 'rtmp_url',
  twitchUsername: 'twitch_username',
};
const FIELDS = Object.keys(COLUMN_OF) as RosterField[];

/** The file's text: its bytes decoded (the encoding chosen or detected), or the text sent. */
function fileText(body: Omit<RosterImportBody, 'planId'>): DecodedText {
  if (body.base64 !== undefined) {
    const bytes = Buffer.from(body.base64, 'base64');
    if (bytes.length > ROSTER_IMPORT_MAX_CHARS) throw badRequest(`The file is larger than ${ROSTER_IMPORT_MAX_CHARS / 1024 / 1024} MB: split it and import the parts.`);
    return decodeSpreadsheet(bytes, body.encoding);
  }
  if (body.text === undefined) throw badRequest('Choose the roster file.');
  return { text: body.text.replace(/^\uFEFF/, ''), encoding: 'utf-8', detected: false };
}

function readOrRefuse(text: string): RosterCsv {
  const read = readRosterCsv(text);
  if (!read.ok) throw badRequest(read.message);
  return read.value;
}

async function djsByDiscordId(db: Db, discordIds: readonly string[]): Promise<Map<string, DjRow>> {
  const found = new Map<string, DjRow>();
  for (let start = 0; start < discordIds.length; start += 1000) {
    const rows = await db.selectFrom('djs').selectAll().where('discord_id', 'in', discordIds.slice(start, start + 1000)).execute();
    for (const row of rows) found.set(row.discord_id!, row);
  }
  return found;
}

interface PlannedRow extends RosterPreviewRow {
  /** The DJ to update. */
  djId: string | null;
  /** What the row writes (for create, every field). */
  write: Partial<Record<RosterField, string>>;
}

async function plan(db: Db, csv: RosterCsv): Promise<{ rows: PlannedRow[]; planId: string }> {
  const existing = await djsByDiscordId(db, [...new Set(csv.rows.flatMap((row) => (row.problem ? [] : [row.values.discordId])))]);
  const rows = csv.rows.map((row): PlannedRow => {
    const identity = { row: row.row, djName: row.values.djName, publicName: row.values.publicName, discordId: row.values.discordId, warnings: row.warnings };
    if (row.problem) return { ...identity, action: 'refused', changes: [], problem: row.problem, djId: null, write: {} };
    if (row.repeatedIn !== null) {
      const problem = `Row ${row.repeatedIn} has the same Discord ID (the DJ sent the form again?): the later row is imported, this one is left out. Delete the row you do not want to keep it otherwise.`;
      return { ...identity, action: 'repeated', changes: [], problem, djId: null, write: {} };
    }
    const dj = existing.get(row.values.discordId);
    if (!dj) {
      const write = Object.fromEntries(FIELDS.map((field) => [field, row.values[field] ?? '']));
      return { ...identity, action: 'create', changes: [], problem: null, djId: null, write };
    }
    const changes = FIELDS.flatMap((field) => {
      const to = row.values[field];
      const from = String(dj[COLUMN_OF[field]] ?? '');
      return to === undefined || to === from ? [] : [{ field: ROSTER_COLUMNS[field].label, from, to, key: field }];
    });
    return {
      ...identity,
      action: changes.length > 0 ? 'update' : 'unchanged',
      changes: changes.map(({ field, from, to }) => ({ field, from, to })),
      problem: null,
      djId: dj.id,
      write: Object.fromEntries(changes.map(({ key, to }) => [key, to])),
    };
  });
  const planId = createHash('sha256')
    .update(JSON.stringify(rows.map(({ row, action, djId, write, changes }) => [row, action, djId, write, changes])))
    .digest('base64url');
  return { rows, planId };
}

const countsOf = (rows: readonly PlannedRow[]) =>
  Object.fromEntries(ROSTER_ACTIONS.map((action) => [action, rows.filter((row) => row.action === action).length])) as RosterImportResult['counts'];

export async function previewRosterImport(db: Kysely<Database>, body: Omit<RosterImportBody, 'planId'>): Promise<RosterImportPreview> {
  const decoded = fileText(body);
  const csv = readOrRefuse(decoded.text);
  const { rows, planId } = await plan(db, csv);
  return {
    planId,
    rows: rows.map(({ djId: _id, write: _write, ...row }) => row),
    counts: countsOf(rows),
    ignoredColumns: csv.ignoredColumns,
    encoding: { used: decoded.encoding, detected: decoded.detected },
  };
}

export async function importRoster(db: Kysely<Database>, body: RosterImportBody): Promise<RosterImportResult> {
  const csv = readOrRefuse(fileText(body).text);
  return db.transaction().execute(async (trx) => {
    const { rows, planId: current } = await plan(trx, csv);
    if (current !== body.planId) throw conflict('The roster changed since the preview (or the file did): preview the import again.');
    const now = Date.now();
    const created = rows.filter((row) => row.action === 'create');
    for (let start = 0; start < created.length; start += 500) {
      await trx
        .insertInto('djs')
        .values(
          created.slice(start, start + 500).map(({ write }) => ({
            id: randomUUID(),
            discord_id: write.discordId!,
            public_name: write.publicName!,
            dj_name: write.djName!,
            rtmp_url: write.rtmpUrl ?? '',
            twitch_username: write.twitchUsername ?? '',
            avatar_url: null,
            notes: '',
            archived_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    for (const { djId, write } of rows.filter((row) => row.action === 'update')) {
      const set = Object.fromEntries(Object.entries(write).map(([field, value]) => [COLUMN_OF[field as RosterField], value]));
      await trx.updateTable('djs').set({ ...set, updated_at: now }).where('id', '=', djId!).execute();
    }
    return { counts: countsOf(rows) };
  });
}
