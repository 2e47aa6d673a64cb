import { djInputSchema, type DjValues } from '../schemas/djs.js';
import { parseCsv, restoreCell } from './csv.js';
import type { Read } from './read.js';

// A DJ roster from a spreadsheet (CSV) as spreadsheets save it (issue 32): a header row naming the
// columns, then one DJ per row. Columns are found by name (as the Dj Roster and its CSV name them,
// the usual other spellings, or a Google Form question that contains one). Each row is checked
// with the DJ form's own rules, and what spreadsheets do to cells is named: Excel's 2.84719E+17
// for a long number, error cells (#NAME?, #REF!, …), Discord mentions (<@id>) and spaced IDs. A
// problem with an optional column (a link) is a warning on that cell; the DJ still comes in. A
// Discord ID on two rows (a Google Form answered twice) keeps the later row. What makes the whole
// file unusable (no header, too many rows) refuses it whole.

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
  /** Problems with optional cells, which were left out: the DJ still comes in. */
  warnings: string[];
  /** The later row with the same Discord ID, which is imported instead of this one. */
  repeatedIn: number | null;
}

export interface RosterCsv {
  rows: RosterCsvRow[];
  /** Header cells that name no roster column. */
  ignoredColumns: string[];
}

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** The error values Excel and Google Sheets write into a cell they could not compute. */
const ERROR_CELL = /^#(NAME\?|REF!|VALUE!|N\/A|DIV\/0!|NUM!|NULL!|ERROR!|SPILL!|CALC!|FIELD!|BLOCKED!|UNKNOWN!|CONNECT!|BUSY!|EXTERNAL!|PYTHON!|GETTING_DATA)$/i;

function errorCellProblem(label: string, cell: string): string {
  const why =
    cell.toUpperCase() === '#NAME?'
      ? 'Excel writes it when it takes text starting with =, + or - for a formula'
      : 'the spreadsheet wrote it because it could not compute that cell';
  return `The ${label} cell holds ${cell}, an error value instead of the text (${why}). Type it again with an apostrophe in front (for example '-=Name), save and import again.`;
}

/** A Discord ID as people paste it: a mention (<@id>, <@!id>) or digits with spaces between. */
const discordIdOf = (cell: string) =>
  cell
    .trim()
    .replace(/^<@!?(\d+)>$/, '$1')
    .replace(/[\s\u00a0\u2009\u202f]/g, '');

const SCIENTIFIC = /^\d(?:[.,]\d+)?E\+?\d+$/i;
const SCIENTIFIC_PROBLEM = (cell: string) =>
  `Excel turned this Discord ID into ${cell} and lost its last digits (Excel keeps 15). To keep IDs whole, select the Discord ID column in Excel, choose Format Cells → Text, enter the IDs again, save as CSV and import again.`;
/** An ID longer than 15 digits whose digits past the 15th are all zeros: how Excel stores one it rounded. */
const roundedByExcel = (id: string) => /^\d{16,}$/.test(id) && /^0+$/.test(id.slice(15));
const ROUNDED_PROBLEM = (id: string) =>
  `This Discord ID ends in ${id.length - 15} zeros the way Excel stores a number of more than 15 digits, so it has probably lost its last digits and may be someone else's. Format the Discord ID column as Text in Excel (Format Cells → Text), enter the IDs again, save as CSV and import again.`;

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
  // Excel's rounding shows in the file as a whole: one ID ending in zeros may be real, several are not.
  const idCells = body.map((cells) => discordIdOf(restoreCell(cells[columns.value.at.discordId!] ?? '')));
  const excelRounded = idCells.some((cell) => SCIENTIFIC.test(cell)) || idCells.filter(roundedByExcel).length >= 2;
  const rows = body.map((cells, index) => readRow(cells, index + 2, columns.value.at, header.length, excelRounded));
  markRepeats(rows);
  return { ok: true, value: { rows, ignoredColumns: columns.value.ignored } };
}

function findColumns(header: readonly string[]): Read<{ at: Partial<Record<RosterField, number>>; ignored: string[] }> {
  const at: Partial<Record<RosterField, number>> = {};
  const names = header.map((cell) => comparable(restoreCell(cell)));
  for (const [index, name] of names.entries()) {
    const field = FIELDS.find((candidate) => ROSTER_COLUMNS[candidate].names.includes(name));
    if (!field) continue;
    if (at[field] !== undefined) return refuse(`Two columns are the ${ROSTER_COLUMNS[field].label}: "${header[at[field]]}" and "${header[index]}". Keep one.`);
    at[field] = index;
  }
  // A Google Form's questions ("Alt Name (how we announce you)", "Your Discord ID"): a column
  // whose name contains a roster column's longer spellings.
  for (const field of FIELDS.filter((candidate) => at[candidate] === undefined)) {
    const spellings = ROSTER_COLUMNS[field].names.filter((spelling) => spelling.length >= 5);
    const index = names.findIndex((name, position) => !Object.values(at).includes(position) && spellings.some((spelling) => name.includes(spelling)));
    if (index >= 0) at[field] = index;
  }
  const ignored = header.flatMap((cell, index) => (Object.values(at).includes(index) || !cell.trim() ? [] : [cell.trim()]));
  const missing = FIELDS.filter((field) => ROSTER_COLUMNS[field].required && at[field] === undefined).map((field) => ROSTER_COLUMNS[field].label);
  if (missing.length > 0) {
    const optional = FIELDS.filter((field) => !ROSTER_COLUMNS[field].required).map((field) => ROSTER_COLUMNS[field].label);
    return refuse(
      `The first row must name the columns ${FIELDS.filter((f) => ROSTER_COLUMNS[f].required).map((f) => ROSTER_COLUMNS[f].label).join(', ')} (and optionally ${optional.join(', ')}); it has no ${missing.join(', ')}.`,
    );
  }
  return { ok: true, value: { at, ignored } };
}

const optionalSchema = { rtmpUrl: djInputSchema.shape.rtmpUrl, twitchUsername: djInputSchema.shape.twitchUsername };
const requiredSchema = djInputSchema.pick({ discordId: true, djName: true, publicName: true });

function readRow(cells: readonly string[], row: number, at: Partial<Record<RosterField, number>>, width: number, excelRounded: boolean): RosterCsvRow {
  const given: Partial<Record<RosterField, string>> = {};
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const field of FIELDS) {
    const index = at[field];
    const cell = (index === undefined ? '' : restoreCell(cells[index] ?? '')).trim();
    if (cell === '') continue;
    const { label, required } = ROSTER_COLUMNS[field];
    if (ERROR_CELL.test(cell)) {
      if (required) problems.push(errorCellProblem(label, cell));
      else warnings.push(`${label} left out: ${errorCellProblem(label, cell)}`);
      continue;
    }
    given[field] = field === 'discordId' ? discordIdOf(cell) : cell;
  }
  const identity = { discordId: given.discordId ?? '', djName: (given.djName ?? '').trim(), publicName: (given.publicName ?? '').trim() };
  const result = (problem: string | null, values: RosterCsvRow['values'] = identity): RosterCsvRow => ({ row, values, problem, warnings, repeatedIn: null });
  if (cells.slice(width).some((cell) => cell.trim() !== '')) return result(`It has ${cells.length} values but the header names ${width} columns.`);
  if (SCIENTIFIC.test(identity.discordId)) problems.push(SCIENTIFIC_PROBLEM(identity.discordId));
  else if (excelRounded && roundedByExcel(identity.discordId)) problems.push(ROUNDED_PROBLEM(identity.discordId));
  else if (roundedByExcel(identity.discordId)) warnings.push(`Discord ID: check it. ${ROUNDED_PROBLEM(identity.discordId)}`);
  if (problems.length > 0) return result(problems.join(' '));
  const parsed = requiredSchema.safeParse(identity);
  if (!parsed.success) return result(parsed.error.issues.map((issue) => issue.message).join(' '));
  const values: Record<string, string> = { ...parsed.data };
  for (const field of ['rtmpUrl', 'twitchUsername'] as const) {
    if (given[field] === undefined) continue;
    const optional = optionalSchema[field].safeParse(given[field]);
    // An empty cell leaves the stored value as it is; so does a cell that cannot be used.
    if (optional.success) values[field] = optional.data;
    else warnings.push(`${ROSTER_COLUMNS[field].label} "${given[field]}" left out: ${optional.error.issues[0]?.message ?? 'it is not valid'}`);
  }
  return result(null, values as RosterCsvRow['values']);
}

/** A Discord ID on several rows: the last of them is imported, the earlier ones say so. */
function markRepeats(rows: RosterCsvRow[]) {
  const last = new Map<string, number>();
  for (const { row, values, problem } of rows) if (!problem && values.discordId) last.set(values.discordId, row);
  for (const row of rows) {
    const later = row.problem ? undefined : last.get(row.values.discordId);
    if (later !== undefined && later !== row.row) row.repeatedIn = later;
  }
}
