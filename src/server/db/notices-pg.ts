import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { NOTICE_LISTENER } from '../limits.js';

export interface NoticeListener {
  /**
   * Changes each time the connection starts listening anew, and is null whenever notices may be
   * going unheard: not connected yet, the connection dropped, a LISTEN not yet confirmed, or the
   * listener's own heartbeat notice overdue (a connection that went silent without closing, or a
   * pooler that accepts LISTEN and never delivers).
   */
  session(): number | null;
  /**
   * Calls `heard` with each notice on `channel` and the server process that sent it, in the order
   * the transactions sending them committed.
   */
  listen(channel: string, heard: (payload: string, from: number) => void): Promise<void>;
  /**
   * How many other app instances listen on this database (each heard within the last
   * `silentAfterMs`), or null when this one cannot tell: not listening, or not for long enough to
   * have heard them all. Commands (seed, backup, the bench's own connection) are not instances.
   */
  otherInstances(): number | null;
  close(): Promise<void>;
}

const HEARTBEAT_CHANNEL = 'lineup_listener_alive';
/** An app instance's heartbeat says so (`instance <id>`); it says `leaving <id>` when it stops. */
const INSTANCE = 'instance ';
const LEAVING = 'leaving ';

/**
 * One connection per app instance that LISTENs for PostgreSQL's notices: the data changes the
 * read caches follow (open.ts) and the event changes live pages follow (changes/bus.ts). One
 * connection, so one order: a transaction's data notice is always handled before the event
 * change published after its commit, and a page that reloads on that change never gets an answer
 * cached from before it. Reconnects after a dropped connection; every few seconds it notifies
 * itself, and takes a heartbeat it does not hear back in time as a dropped connection.
 */
export async function listenForNotices(databaseUrl: string, { instance = false }: { instance?: boolean } = {}): Promise<NoticeListener> {
  const handlers = new Map<string, ((payload: string, from: number) => void)[]>();
  const id = randomUUID();
  /** This listener's heartbeat: an instance's names it as one, so other instances count it. */
  const self = instance ? `${INSTANCE}${id}` : id;
  /** Other instances by heartbeat, and when each was last heard. */
  const others = new Map<string, number>();
  let client: pg.Client | undefined;
  let session: number | null = null;
  let sessions = 0;
  let heardAt = 0;
  let listeningSince = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  // Forgets the connection (if it is still the current one) and connects again after a pause.
  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    session = null;
    lost.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect().catch(() => {}), NOTICE_LISTENER.reconnectMs);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'lineup notices',
      keepAlive: true,
      keepAliveInitialDelayMillis: NOTICE_LISTENER.keepAliveMs,
    });
    next.on('notification', (message) => {
      if (message.channel === HEARTBEAT_CHANNEL) {
        const payload = message.payload ?? '';
        if (payload === self) heardAt = Date.now();
        else if (payload.startsWith(INSTANCE)) others.set(payload, Date.now());
        else if (payload.startsWith(LEAVING)) others.delete(`${INSTANCE}${payload.slice(LEAVING.length)}`);
        return;
      }
      for (const heard of handlers.get(message.channel) ?? []) heard(message.payload ?? '', message.processId);
    });
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${HEARTBEAT_CHANNEL}`);
      // Channels added meanwhile are in the iteration too: no await separates its end from the session.
      for (const channel of handlers.keys()) await next.query(`listen ${channel}`);
    } catch (error) {
      drop(next);
      throw error;
    }
    if (client !== next) return;
    heardAt = listeningSince = Date.now();
    session = ++sessions;
    // At once, so that the other instances know of this one before it answers anything.
    beat();
  };

  let beating = false;
  const beat = () => {
    const current = client;
    if (!current || session === null || beating) return;
    beating = true;
    current
      .query('select pg_notify($1, $2)', [HEARTBEAT_CHANNEL, self])
      .catch(() => drop(current))
      .finally(() => (beating = false));
  };
  const heartbeat = setInterval(beat, NOTICE_LISTENER.heartbeatMs);
  heartbeat.unref();

  await connect().catch(() => {});

  const currentSession = () => {
    if (session !== null && Date.now() - heardAt > NOTICE_LISTENER.silentAfterMs && client) drop(client);
    return session;
  };

  return {
    session: currentSession,
    async listen(channel, heard) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const known = handlers.get(channel);
      if (known) return void known.push(heard);
      handlers.set(channel, [heard]);
      const current = client;
      // While connecting, connect() listens on it; while disconnected, the reconnection will.
      if (!current || session === null) return;
      session = null;
      try {
        await current.query(`listen ${channel}`);
        if (client === current) session = ++sessions;
      } catch {
        drop(current);
      }
    },
    otherInstances() {
      const now = Date.now();
      if (currentSession() === null || now - listeningSince < NOTICE_LISTENER.silentAfterMs) return null;
      for (const [other, at] of others) if (now - at > NOTICE_LISTENER.silentAfterMs) others.delete(other);
      return others.size;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const last = client;
      client = undefined;
      session = null;
      // The other instances need not wait for this one's silence.
      if (instance) await last?.query('select pg_notify($1, $2)', [HEARTBEAT_CHANNEL, `${LEAVING}${id}`]).catch(() => {});
      await last?.end().catch(() => {});
    },
  };
}
