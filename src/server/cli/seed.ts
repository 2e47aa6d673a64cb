import { ConfigError, loadConfig } from '../config.js';
import { openStore, StorageStartError } from '../db/open.js';
import { seedIfEmpty } from '../seed/seed.js';

// `npm run seed`: loads the demo data into the configured database, only if it is empty.
try {
  const config = loadConfig();
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const seeded = await seedIfEmpty(store.db);
  await store.close();
  console.log(seeded ? `Demo data loaded into the ${store.dialect} database.` : 'The database is not empty: nothing was changed.');
} catch (error) {
  if (error instanceof ConfigError) error.problems.forEach((p) => console.error(p));
  else if (error instanceof StorageStartError) console.error(error.message);
  else console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
}
