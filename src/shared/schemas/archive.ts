import { z } from 'zod';
import { ARCHIVE_MAX_BYTES, ARCHIVE_TABLES } from '../archive/schema.js';
import { ROSTER_IMPORT_MAX_CHARS } from '../archive/roster-csv.js';
import { TEXT_ENCODINGS } from '../archive/text-encoding.js';
import { CSV_VIEWS } from '../archive/views.js';

// Data in and out (Global Settings, admins only): the archive's import preview and result, the
// spreadsheet views, and the DJ roster import from CSV.

export const csvViewParamsSchema = z.object({ view: z.enum(CSV_VIEWS, { error: `The view is one of ${CSV_VIEWS.join(', ')}.` }) });

/** Where an imported file comes from: a Lineup archive, or the original tool's Firestore export. */
export const IMPORT_SOURCES = ['lineup', 'firestore'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** A Firestore export may come as several files (Firefoo writes one per collection). */
export const IMPORT_MAX_FILES = 20;

const fileText = z.string().max(ARCHIVE_MAX_BYTES, `The file is larger than ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB.`);

/**
 * The file as text (or the files of one export, by name): the server reads it, so a cut-off or
 * damaged file gets a message, not a parse error.
 */
export const archiveImportSchema = z.object({
  source: z.enum(IMPORT_SOURCES).default('lineup'),
  text: fileText.optional(),
  files: z
    .array(z.object({ name: z.string().trim().min(1).max(255), text: fileText }))
    .max(IMPORT_MAX_FILES, `Choose at most ${IMPORT_MAX_FILES} files.`)
    .optional(),
});
export type ArchiveImportBody = z.input<typeof archiveImportSchema>;

export const tableCountsSchema = z.object(Object.fromEntries(ARCHIVE_TABLES.map((table) => [table, z.number()])) as Record<(typeof ARCHIVE_TABLES)[number], z.ZodNumber>);
export type TableCounts = z.infer<typeof tableCountsSchema>;

export const archiveImportPlanSchema = z.object({
  exportedAt: z.string(),
  schema: z.string(),
  counts: tableCountsSchema,
  /** Why it cannot be imported here (the install already has events), or null. */
  refusal: z.string().nullable(),
  /** People already here (they signed in) whom the archive's DJ with their Discord ID replaces. */
  takenOver: z.array(z.object({ existingName: z.string(), archiveName: z.string() })),
  /** DJs already here that the archive does not have: they stay. */
  keptDjs: z.array(z.string()),
  replacesSettings: z.boolean(),
});
export type ArchiveImportPlan = z.infer<typeof archiveImportPlanSchema>;

export const archiveImportPreviewSchema = z.object({
  plan: archiveImportPlanSchema,
  /** What a Firestore export's mapping left out, and why. */
  skipped: z.array(z.string()),
});
export type ArchiveImportPreview = z.infer<typeof archiveImportPreviewSchema>;

export const archiveImportResultSchema = z.object({ counts: tableCountsSchema, skipped: z.array(z.string()) });
export type ArchiveImportResult = z.infer<typeof archiveImportResultSchema>;

/**
 * The roster file: its bytes (base64) as the spreadsheet saved them, read in the encoding chosen or
 * the one they show (shared/archive/text-encoding.ts); or its text, for programs that have it.
 */
export const rosterImportPreviewBodySchema = z.object({
  text: z.string().max(ROSTER_IMPORT_MAX_CHARS, `The file is larger than ${ROSTER_IMPORT_MAX_CHARS / 1024 / 1024} MB: split it and import the parts.`).optional(),
  base64: z
    .string()
    .max(Math.ceil(ROSTER_IMPORT_MAX_CHARS / 3) * 4, `The file is larger than ${ROSTER_IMPORT_MAX_CHARS / 1024 / 1024} MB: split it and import the parts.`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file was not sent as base64.')
    .optional(),
  encoding: z.enum(TEXT_ENCODINGS).default('auto'),
});

export const rosterImportBodySchema = rosterImportPreviewBodySchema.extend({
  /** The preview the admin saw: refused (409) when the roster changed since. */
  planId: z.string().max(100),
});
export type RosterImportBody = z.input<typeof rosterImportBodySchema>;

/** What each row does; `repeated`: a later row has the same Discord ID and is imported instead. */
export const ROSTER_ACTIONS = ['create', 'update', 'unchanged', 'repeated', 'refused'] as const;
export type RosterAction = (typeof ROSTER_ACTIONS)[number];

export const rosterPreviewRowSchema = z.object({
  row: z.number(),
  action: z.enum(ROSTER_ACTIONS),
  djName: z.string(),
  publicName: z.string(),
  discordId: z.string(),
  /** For an update: each field that changes. */
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  problem: z.string().nullable(),
  /** Cells left out (an optional column's problem): the DJ still comes in. */
  warnings: z.array(z.string()),
});
export type RosterPreviewRow = z.infer<typeof rosterPreviewRowSchema>;

const rosterCountsSchema = z.object(Object.fromEntries(ROSTER_ACTIONS.map((action) => [action, z.number()])) as Record<RosterAction, z.ZodNumber>);

export const rosterImportPreviewSchema = z.object({
  planId: z.string(),
  rows: z.array(rosterPreviewRowSchema),
  counts: rosterCountsSchema,
  ignoredColumns: z.array(z.string()),
  /** How the file's bytes were read. */
  encoding: z.object({ used: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']), detected: z.boolean() }),
});
export type RosterImportPreview = z.infer<typeof rosterImportPreviewSchema>;

export const rosterImportResultSchema = z.object({ counts: rosterCountsSchema });
export type RosterImportResult = z.infer<typeof rosterImportResultSchema>;
