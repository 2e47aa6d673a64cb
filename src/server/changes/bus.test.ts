import { openStore } from '../db/open.js';
import { startTestApp, testDialects } from '../testing/harness.js';
import { type ChangeBus, type EventChange, inProcessBus, postgresBus } from './bus.js';

const nextChange = (bus: ChangeBus, eventId: string) =>
  new Promise<EventChange>((resolve) => {
    const unsubscribe = bus.subscribe(eventId, (change) => {
      unsubscribe();
      resolve(change);
    });
  });

test('in-process: subscribers of an event hear its changes, and only its changes', async () => {
  const bus = inProcessBus();
  const heard: EventChange[] = [];
  const stop = bus.subscribe('a', (change) => heard.push(change));
  await bus.publish({ eventId: 'b', version: 1 });
  await bus.publish({ eventId: 'a', version: 2 });
  stop();
  await bus.publish({ eventId: 'a', version: 3 });
  expect(heard).toEqual([{ eventId: 'a', version: 2 }]);
});

describe.runIf(testDialects.includes('postgres'))('PostgreSQL LISTEN/NOTIFY', () => {
  test('a change published by one app instance reaches another', async () => {
    const app = await startTestApp('postgres');
    const otherStore = await openStore({ dataDir: app.dataDir, databaseUrl: app.databaseUrl });
    const otherInstance = await postgresBus({ databaseUrl: app.databaseUrl!, notices: otherStore.notices! });
    try {
      const heard = nextChange(otherInstance, 'event-1');
      await app.ctx.changes.publish({ eventId: 'event-1', version: 7 });
      await expect(heard).resolves.toEqual({ eventId: 'event-1', version: 7 });
    } finally {
      await otherInstance.close();
      await otherStore.close();
      await app.destroy();
    }
  });
});
