import { seedIfEmpty } from '../seed/seed.js';
import { openConfiguredStore, runCli } from './run.js';

// `npm run seed`: loads the demo data into the configured database, only if it is empty.
await runCli('Seeding', async () => {
  const store = await openConfiguredStore();
  try {
    const seeded = await seedIfEmpty(store.db);
    console.log(seeded ? `Demo data loaded into the ${store.dialect} database.` : 'The database is not empty: nothing was changed.');
  } finally {
    await store.close();
  }
});
