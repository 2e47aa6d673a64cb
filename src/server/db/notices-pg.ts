import pg from 'pg';

export interface NoticeListener {
  /**
   * Changes each time the connection starts listening anew, and is null while it is not
   * listening (not yet connected, or the connection dropped): notices sent meanwhile are lost.
   */
  session(): number | null;
  /** Calls `heard` with each notice on `channel`, in the order the transactions sending them committed. */
  listen(channel: string, heard: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * One connection per app instance that LISTENs for PostgreSQL's notices: the data changes the
 * read caches follow (open.ts) and the event changes live pages follow (changes/bus.ts). One
 * connection, so one order: a transaction's data notice is always handled before the event
 * change published after its commit, and a page that reloads on that change never gets an answer
 * cached from before it. Reconnects after a dropped connection.
 */
export async function listenForNotices(databaseUrl: string): Promise<NoticeListener> {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  let client: pg.Client | undefined;
  let session: number | null = null;
  let sessions = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      session = null;
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    };
    next.on('notification', (message) => {
      for (const heard of handlers.get(message.channel) ?? []) heard(message.payload ?? '');
    });
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${channel}`);
    } catch (error) {
      lost();
      throw error;
    }
    if (client === next) session = ++sessions;
  };
  await connect().catch(() => {});

  return {
    session: () => session,
    async listen(channel, heard) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const known = handlers.get(channel);
      if (known) return void known.push(heard);
      handlers.set(channel, [heard]);
      // On failure the connection is lost, and reconnecting listens on every channel.
      await client?.query(`listen ${channel}`).catch(() => {});
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      session = null;
      await last?.end().catch(() => {});
    },
  };
}
