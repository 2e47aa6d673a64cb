import { EventEmitter } from 'node:events';
import pg from 'pg';

// "Event X changed" notifications. Feature services publish after they commit; the event page's
// change stream subscribes. With PostgreSQL the notification goes through LISTEN/NOTIFY so every
// app instance hears the changes any instance made.

export interface EventChange {
  eventId: string;
  version: number;
}

export type ChangeListener = (change: EventChange) => void;

export interface ChangeBus {
  publish(change: EventChange): Promise<void>;
  subscribe(eventId: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'lineup_event_changed';

class LocalFanout {
  private readonly emitter = new EventEmitter();
  constructor() {
    // Every open event page is a listener; there is no meaningful small limit.
    this.emitter.setMaxListeners(0);
  }
  emit(change: EventChange) {
    this.emitter.emit(change.eventId, change);
  }
  on(eventId: string, listener: ChangeListener) {
    this.emitter.on(eventId, listener);
    return () => void this.emitter.off(eventId, listener);
  }
}

export function inProcessBus(): ChangeBus {
  const fanout = new LocalFanout();
  return {
    async publish(change) {
      fanout.emit(change);
    },
    subscribe: (eventId, listener) => fanout.on(eventId, listener),
    async close() {},
  };
}

export async function postgresBus(databaseUrl: string): Promise<ChangeBus> {
  const fanout = new LocalFanout();
  let closed = false;
  let listener: pg.Client | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        fanout.emit(JSON.parse(message.payload) as EventChange);
      } catch {
        // A payload we did not write; ignore it.
      }
    });
    client.on('error', () => {
      // Reconnect after a dropped connection so live updates resume.
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  notifier.on('error', () => {});
  return {
    async publish(change) {
      await notifier.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
    },
    subscribe: (eventId, fn) => fanout.on(eventId, fn),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await notifier.end().catch(() => {});
    },
  };
}
