import { startServer } from './server';

// Starts the shared server (on an empty database, no demo data) and publishes its address to the
// tests as E2E_BASE_URL. Returns the teardown. E2E_DATABASE_URL, if given, must name an empty
// PostgreSQL database.
export default async function globalSetup() {
  const server = await startServer({ databaseUrl: process.env.E2E_DATABASE_URL ?? '' });
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
