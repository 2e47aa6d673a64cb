import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { IMPORT_SOURCES, type ImportSource } from '@shared/schemas/archive.js';
import { pluralise } from '@shared/pluralise.js';
import { importArchive, planArchiveImport } from '../archive/import.js';
import { readImportFile } from '../archive/service.js';
import { conflict } from '../http/errors.js';
import { openConfiguredStore, runCli } from './run.js';

// `npm run import -- [--from lineup|firestore] [--dry-run] FILE`: a Lineup archive (or the
// original tool's Firestore export) into an install without events, in one transaction. It says
// what it will write first; --dry-run stops there.
const USAGE = 'usage: npm run import -- [--from lineup|firestore] [--dry-run] FILE';
let args;
try {
  args = parseArgs({ allowPositionals: true, options: { from: { type: 'string', default: 'lineup' }, 'dry-run': { type: 'boolean', default: false } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file] = args.positionals;
const source = args.values.from as ImportSource;
if (!file || args.positionals.length > 1 || !IMPORT_SOURCES.includes(source)) {
  console.error(USAGE);
  process.exit(2);
}

await runCli('Import', async () => {
  const text = fs.readFileSync(file, 'utf8');
  const { archive, skipped } = readImportFile({ source, text });
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
