import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { NoticeListener } from '../db/notices-pg.js';

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

/**
 * Through PostgreSQL: published with NOTIFY, heard on the store's listening connection
 * (db/notices-pg.ts), so a change reaches this instance after the data notice of its write.
 */
export async function postgresBus(store: { databaseUrl: string; notices: NoticeListener }): Promise<ChangeBus> {
  const fanout = new LocalFanout();
  await store.notices.listen(CHANNEL, (payload) => {
    try {
      fanout.emit(JSON.parse(payload) as EventChange);
    } catch {
      // A payload we did not write; ignore it.
    }
  });
  const notifier = new pg.Pool({ connectionString: store.databaseUrl, max: 2 });
  notifier.on('error', () => {});
  return {
    async publish(change) {
      await notifier.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
    },
    subscribe: (eventId, fn) => fanout.on(eventId, fn),
    async close() {
      await notifier.end().catch(() => {});
    },
  };
}
