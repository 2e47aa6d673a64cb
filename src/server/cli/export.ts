import fs from 'node:fs';
import path from 'node:path';
import { CSV_VIEWS, csvView } from '@shared/archive/views.js';
import { exportArchive } from '../archive/export.js';
import { openConfiguredStore, runCli } from './run.js';

// `npm run export -- DIR`: the archive (JSON) and the spreadsheet views (CSV) into DIR, as an
// admin downloads them from Global Settings. Safe while the app runs (one read transaction).
const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run export -- DIR');
  process.exit(2);
}
await runCli('Export', async () => {
  const store = await openConfiguredStore();
  try {
    const archive = await exportArchive(store.db);
    const day = archive.exportedAt.slice(0, 10);
    fs.mkdirSync(dir, { recursive: true });
    const files: Array<[string, string]> = [
      [`lineup-archive-${day}.json`, `${JSON.stringify(archive, null, 2)}\n`],
      ...CSV_VIEWS.map((view): [string, string] => [`lineup-${view}-${day}.csv`, csvView(archive, view)]),
    ];
    for (const [name, content] of files) fs.writeFileSync(path.join(dir, name), content);
    const counts = `${archive.tables.events.length} events, ${archive.tables.djs.length} DJs`;
    console.log(`Exported ${counts} from the ${store.dialect} database to ${path.resolve(dir)}: ${files.map(([name]) => name).join(', ')}`);
  } finally {
    await store.close();
  }
});
