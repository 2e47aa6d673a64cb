import { djInputSchema, type DjValues } from '../schemas/djs.js';
import { pluralise } from '../pluralise.js';
import { parseCsv, restoreCell } from './csv.js';
import type { Read } from './read.js';

// A DJ roster from a spreadsheet (CSV): a header row naming the columns, then one DJ per row.
// Columns are found by name (as the Dj Roster and its CSV name them, or the usual other
// spellings); other columns are ignored and said so. Each row is checked with the DJ form's own
// rules. What makes the whole file unusable (no header, too many rows, a Discord ID twice) is
// refused as a whole.

/** The most DJs one import takes: a real roster is a few hundred. */
export const ROSTER_IMPORT_MAX_ROWS = 5000;
/** The largest roster file (characters). */
export const ROSTER_IMPORT_MAX_CHARS = 4 * 1024 * 1024;

export type RosterField = keyof DjValues;

export const ROSTER_COLUMNS: Record<RosterField, { label: string; required: boolean; names: readonly string[] }> = {
  djName: { label: 'Dj Name', required: true, names: ['djname', 'name', 'dj'] },
  publicName: { label: 'Alt Name', required: true, names: ['altname', 'publicname', 'alternatename'] },
  discordId: { label: 'Discord ID', required: true, names: ['discordid', 'discord', 'discorduid', 'discorduserid'] },
  rtmpUrl: { label: 'VRCDN/RTMP', required: false, names: ['vrcdnrtmp', 'streamurl', 'rtmpurl', 'streamlink', 'vrcdn', 'rtmp'] },
  twitchUsername: { label: 'Twitch Username', required: false, names: ['twitchusername', 'twitch'] },
};
const FIELDS = Object.keys(ROSTER_COLUMNS) as RosterField[];

const comparable = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** One row of the file: what it gives (fields left empty are not given), or its problem. */
export interface RosterCsvRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  values: Partial<DjValues> & Pick<DjValues, 'discordId' | 'djName' | 'publicName'>;
  problem: string | null;
}

export interface RosterCsv {
  rows: RosterCsvRow[];
  /** Header cells that name no roster column. */
  ignoredColumns: string[];
}

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

export function readRosterCsv(text: string): Read<RosterCsv> {
  if (text.length > ROSTER_IMPORT_MAX_CHARS) return refuse(`The file is larger than ${ROSTER_IMPORT_MAX_CHARS / 1024 / 1024} MB: split it and import the parts.`);
  const table = parseCsv(text);
  if (table.problem) return refuse(table.problem);
  const [header, ...body] = table.rows;
  if (!header) return refuse('The file is empty.');
  const columns = findColumns(header);
  if (!columns.ok) return columns;
  if (body.length === 0) return refuse('The file has a header but no DJs.');
  if (body.length > ROSTER_IMPORT_MAX_ROWS) {
    return refuse(`The file has ${body.length.toLocaleString('en-US')} rows; one import takes at most ${ROSTER_IMPORT_MAX_ROWS.toLocaleString('en-US')} DJs. Split the file and import the parts.`);
  }
  const rows = body.map((cells, index) => readRow(cells, index + 2, columns.value.at, header.length));
  const twice = repeatedDiscordId(rows);
  if (twice) return refuse(twice);
  return { ok: true, value: { rows, ignoredColumns: columns.value.ignored } };
}

function findColumns(header: readonly string[]): Read<{ at: Partial<Record<RosterField, number>>; ignored: string[] }> {
  const at: Partial<Record<RosterField, number>> = {};
  const ignored: string[] = [];
  for (const [index, cell] of header.entries()) {
    const name = comparable(restoreCell(cell));
    const field = FIELDS.find((candidate) => ROSTER_COLUMNS[candidate].names.includes(name));
    if (!field) {
      if (cell.trim()) ignored.push(cell.trim());
      continue;
    }
    if (at[field] !== undefined) return refuse(`Two columns are the ${ROSTER_COLUMNS[field].label}: "${header[at[field]]}" and "${cell}". Keep one.`);
    at[field] = index;
  }
  const missing = FIELDS.filter((field) => ROSTER_COLUMNS[field].required && at[field] === undefined).map((field) => ROSTER_COLUMNS[field].label);
  if (missing.length > 0) {
    const optional = FIELDS.filter((field) => !ROSTER_COLUMNS[field].required).map((field) => ROSTER_COLUMNS[field].label);
    return refuse(
      `The first row must name the columns ${FIELDS.filter((f) => ROSTER_COLUMNS[f].required).map((f) => ROSTER_COLUMNS[f].label).join(', ')} (and optionally ${optional.join(', ')}); it has no ${missing.join(', ')}.`,
    );
  }
  return { ok: true, value: { at, ignored } };
}

function readRow(cells: readonly string[], row: number, at: Partial<Record<RosterField, number>>, width: number): RosterCsvRow {
  const given: Partial<Record<RosterField, string>> = {};
  for (const field of FIELDS) {
    const index = at[field];
    const cell = index === undefined ? '' : restoreCell(cells[index] ?? '');
    if (cell.trim() !== '') given[field] = cell;
  }
  const identity = { discordId: (given.discordId ?? '').trim(), djName: (given.djName ?? '').trim(), publicName: (given.publicName ?? '').trim() };
  if (cells.slice(width).some((cell) => cell.trim() !== '')) {
    return { row, values: identity, problem: `It has ${cells.length} values but the header names ${width} columns.` };
  }
  const parsed = djInputSchema.safeParse({ rtmpUrl: '', twitchUsername: '', ...given, ...identity });
  if (!parsed.success) return { row, values: identity, problem: parsed.error.issues.map((issue) => issue.message).join(' ') };
  // Only what the row gives: an empty cell leaves the stored value as it is.
  const values = Object.fromEntries(FIELDS.filter((field) => field in given).map((field) => [field, parsed.data[field]]));
  return { row, values: values as RosterCsvRow['values'], problem: null };
}

function repeatedDiscordId(rows: readonly RosterCsvRow[]): string | null {
  const first = new Map<string, number>();
  const repeated: string[] = [];
  for (const { row, values } of rows) {
    if (!values.discordId) continue;
    const seen = first.get(values.discordId);
    if (seen === undefined) first.set(values.discordId, row);
    else repeated.push(`${values.discordId} (rows ${seen} and ${row})`);
  }
  if (repeated.length === 0) return null;
  const named = repeated.slice(0, 3).join(', ');
  const more = repeated.length > 3 ? ` and ${pluralise(repeated.length - 3, 'other')}` : '';
  return `Each DJ may appear once, but the file repeats the Discord ID ${named}${more}. Remove the repeats and import again.`;
}
