import { startFakeWebhook } from '@server/testing/fake-webhook';
import { startServer } from './server';

// Starts a fake Discord (webhooks only: the integration tests' fake, reached by the servers
// through DISCORD_API_URL and by the tests through E2E_DISCORD_URL) and the shared server (on
// an empty database, no demo data), and publishes the app's address to the tests as
// E2E_BASE_URL. Returns the teardown. E2E_DATABASE_URL, if given, must name an empty
// PostgreSQL database.
export default async function globalSetup() {
  const discord = await startFakeWebhook();
  process.env.E2E_DISCORD_URL = discord.url;
  const server = await startServer({ databaseUrl: process.env.E2E_DATABASE_URL ?? '' });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    await discord.close();
  };
}
