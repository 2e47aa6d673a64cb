import { startTestApp, testDialects } from '../testing/harness.js';
import { seedIfEmpty } from './seed.js';

describe.each(testDialects)('demo data on %s', (dialect) => {
  test('fills an empty database with DJs, past lineups with plays and an open upcoming event', async () => {
    const app = await startTestApp(dialect);
    try {
      const now = new Date('2025-03-12T12:00:00Z');
      expect(await seedIfEmpty(app.ctx.store.db, now)).toBe(true);
      const db = app.ctx.store.db;
      const djs = await db.selectFrom('djs').selectAll().execute();
      expect(djs.length).toBeGreaterThanOrEqual(12);
      // Every development sign-in DJ is on the roster, five of them DJs only (issue 25).
      for (const discordId of ['900000000000000003', '900000000000000004', '900000000000000007', '900000000000000008', '900000000000000009']) {
        expect(djs.map((dj) => dj.discord_id)).toContain(discordId);
      }
      expect(djs.every((dj) => dj.rtmp_url.startsWith('rtmp://'))).toBe(true);
      const events = await db.selectFrom('events').selectAll().orderBy('start_at').execute();
      const past = events.filter((e) => Number(e.end_at) <= now.getTime());
      const upcoming = events.filter((e) => Number(e.end_at) > now.getTime());
      expect(past.length).toBeGreaterThanOrEqual(3);
      expect(upcoming).toHaveLength(1);
      expect(upcoming[0]).toMatchObject({ signups_open: 1, start_at: Date.parse('2025-03-16T20:00:00Z') });
      const plays = await db.selectFrom('dj_plays').selectAll().where('event_id', '=', past[0]!.id).execute();
      expect(plays.length).toBeGreaterThanOrEqual(4);
      const signups = await db.selectFrom('signups').selectAll().where('event_id', '=', upcoming[0]!.id).execute();
      expect(signups.length).toBeGreaterThanOrEqual(4);
    } finally {
      await app.destroy();
    }
  });

  test('never touches a database that already holds data', async () => {
    const app = await startTestApp(dialect);
    try {
      await app.signIn(['dj']);
      expect(await seedIfEmpty(app.ctx.store.db)).toBe(false);
      const events = await app.ctx.store.db.selectFrom('events').selectAll().execute();
      expect(events).toHaveLength(0);
    } finally {
      await app.destroy();
    }
  });
});

// Demo data and the development sign-in go together (ARCHITECTURE.md): an empty database gets
// demo data at start-up only when no Discord application is configured, whatever NODE_ENV says.
describe.each(testDialects)('demo data at start-up on %s', (dialect) => {
  const discordApplication = {
    DISCORD_CLIENT_ID: '123456789012345678',
    DISCORD_CLIENT_SECRET: 'a-real-looking-secret',
    DISCORD_GUILD_ID: '223456789012345678',
  };

  async function eventsAfterStart(env: Record<string, string>) {
    const app = await startTestApp(dialect, { SEED_DEMO_DATA: 'auto', ...env });
    try {
      return (await app.ctx.store.db.selectFrom('events').select('id').execute()).length;
    } finally {
      await app.destroy();
    }
  }

  test.each(['development', 'test'])('with the development sign-in (NODE_ENV=%s) an empty database gets demo data', async (nodeEnv) => {
    expect(await eventsAfterStart({ NODE_ENV: nodeEnv })).toBeGreaterThan(0);
  });

  test.each(['development', 'test', 'production'])('with a Discord application (NODE_ENV=%s) it starts empty', async (nodeEnv) => {
    expect(await eventsAfterStart({ NODE_ENV: nodeEnv, ...discordApplication })).toBe(0);
  });

  test('SEED_DEMO_DATA=never keeps it empty with the development sign-in too', async () => {
    expect(await eventsAfterStart({ NODE_ENV: 'development', SEED_DEMO_DATA: 'never' })).toBe(0);
  });
});
