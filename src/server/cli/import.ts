import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ImportFile, LEVELDB_ADVICE } from '@shared/archive/firestore-files.js';
import { IMPORT_SOURCES, type ImportSource } from '@shared/schemas/archive.js';
import { pluralise } from '@shared/pluralise.js';
import { importArchive, planArchiveImport } from '../archive/import.js';
import { readImportFiles } from '../archive/service.js';
import { badRequest, conflict } from '../http/errors.js';
import { openConfiguredStore, runCli } from './run.js';

// `npm run import -- [--from lineup|firestore] [--dry-run] FILE...`: a Lineup archive (or the
// original tool's Firestore export, in one file or several) into a new install, in one
// transaction. It says what it will write first; --dry-run stops there.
const USAGE = 'usage: npm run import -- [--from lineup|firestore] [--dry-run] FILE...';
let args;
try {
  args = parseArgs({ allowPositionals: true, options: { from: { type: 'string', default: 'lineup' }, 'dry-run': { type: 'boolean', default: false } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const paths = args.positionals;
const source = args.values.from as ImportSource;
if (paths.length === 0 || !IMPORT_SOURCES.includes(source)) {
  console.error(USAGE);
  process.exit(2);
}

await runCli('Import', async () => {
  const { archive, skipped } = readImportFiles({ source, files: paths.map(readFile) });
  for (const line of skipped) console.log(`skipped: ${line}`);
  const store = await openConfiguredStore();
  try {
    const plan = await planArchiveImport(store.db, archive);
    const { counts } = plan;
    console.log(
      `The archive has ${pluralise(counts.events, 'event')}, ${pluralise(counts.djs, 'DJ')}, ${pluralise(counts.signups, 'signup')}, ${pluralise(counts.slots, 'slot')}, ${pluralise(counts.dj_plays, 'play')} and ${pluralise(counts.event_changes, 'history entry', 'history entries')}.`,
    );
    for (const { existingName, archiveName } of plan.takenOver) console.log(`The DJ record "${existingName}" here becomes the archive's "${archiveName}" (same Discord ID).`);
    if (plan.refusal) throw conflict(plan.refusal);
    if (args.values['dry-run']) {
      console.log('Dry run: nothing was written.');
      return;
    }
    await importArchive(store.db, archive, source);
    console.log(`Imported into the ${store.dialect} database.`);
  } finally {
    await store.close();
  }
});

/** A file of the import; a folder is told what to name instead (a gcloud export is a folder of LevelDB files). */
function readFile(file: string): ImportFile {
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    const inside = fs.readdirSync(file, { recursive: true }).map(String);
    if (inside.some((name) => /export_metadata$|(^|\/)output-\d+$/.test(name))) throw badRequest(`${file} ${LEVELDB_ADVICE}`);
    const json = inside.filter((name) => name.toLowerCase().endsWith('.json'));
    const hint = json.length > 0 ? ` It holds ${json.map((name) => path.join(file, name)).join(', ')}: name those.` : '';
    throw badRequest(`${file} is a folder: name the export's file (or its several files, e.g. one per collection).${hint}`);
  }
  return { name: path.basename(file), text: fs.readFileSync(file, 'utf8') };
}
