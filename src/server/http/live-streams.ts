import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Access, hasAccess } from '@shared/policy.js';
import { parseRoles } from '../auth/sessions.js';
import type { Database } from '../db/schema.js';
import type { Limits } from '../limits.js';
import { tooManyRequests } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveStreams: LiveStreams;
  }
}

interface Tracked {
  response: ServerResponse;
  sessionId: string;
  access: Access;
}

/**
 * The open live-update (server-sent events) streams, by the session that opened them. A stream
 * outlives the request the guard checked, so the registry keeps it honest: logging out (or a
 * session ended by its Discord check) closes that session's streams at once, and on every
 * heartbeat each stream is checked against its session as stored; a session that has expired,
 * ended, lost the access the stream needs, or is due for its Discord check gets its streams
 * closed (the browser reconnects through the guard, which makes the check). Opening beyond
 * the limits (limits.ts STREAM_LIMITS) is refused with 429.
 */
export class LiveStreams {
  private readonly bySession = new Map<string, Set<Tracked>>();
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: Pick<Limits, 'streamHeartbeatMs' | 'streamsPerSession' | 'streamsTotal'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Throws 429 when this session, or the server, has as many streams open as allowed. */
  assertRoom(sessionId: string): void {
    if ((this.bySession.get(sessionId)?.size ?? 0) >= this.limits.streamsPerSession) {
      throw tooManyRequests('Too many live-update connections are open for this sign-in. Close some event pages and try again.');
    }
    if (this.count >= this.limits.streamsTotal) {
      throw tooManyRequests('The server has too many live-update connections open. Please try again in a minute.');
    }
  }

  /** Tracks an open stream until it closes; `onClose` runs once when it does, whoever closed it. */
  add(sessionId: string, access: Access, response: ServerResponse, onClose: () => void): void {
    this.assertRoom(sessionId);
    const tracked: Tracked = { response, sessionId, access };
    let streams = this.bySession.get(sessionId);
    if (!streams) this.bySession.set(sessionId, (streams = new Set()));
    streams.add(tracked);
    this.count += 1;
    this.timer ??= setInterval(() => void this.tick(), this.limits.streamHeartbeatMs);
    response.once('close', () => {
      const set = this.bySession.get(sessionId);
      if (set?.delete(tracked)) {
        this.count -= 1;
        if (set.size === 0) this.bySession.delete(sessionId);
      }
      if (this.count === 0) this.stopTimer();
      onClose();
    });
  }

  /** Ends every stream of a session (logout, session ended). */
  closeSession(sessionId: string): void {
    for (const { response } of this.bySession.get(sessionId) ?? []) response.end();
  }

  closeAll(): void {
    this.stopTimer();
    for (const streams of this.bySession.values()) for (const { response } of streams) response.end();
  }

  private stopTimer() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The heartbeat: each stream's session is read (one query for all) before the comment line goes out. */
  private async tick(now = Date.now()): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const ids = [...this.bySession.keys()];
      let rows: Map<string, { roles: string; expires_at: number; next_check_at: number }> | undefined;
      try {
        const found = ids.length
          ? await this.db.selectFrom('sessions').select(['id_hash', 'roles', 'expires_at', 'next_check_at']).where('id_hash', 'in', ids).execute()
          : [];
        rows = new Map(found.map((row) => [row.id_hash, row]));
      } catch (error) {
        // The database is unreachable for a moment: keep the streams, check them on the next beat.
        this.log.warn({ err: error }, 'could not check live-update streams against their sessions');
      }
      for (const [sessionId, streams] of [...this.bySession]) {
        const row = rows?.get(sessionId);
        const ended = rows && (!row || Number(row.expires_at) <= now || Number(row.next_check_at) <= now);
        for (const tracked of [...streams]) {
          if (ended || (row && !hasAccess(parseRoles(row.roles), tracked.access))) tracked.response.end();
          else tracked.response.write(': heartbeat\n\n');
        }
      }
    } finally {
      this.ticking = false;
    }
  }
}
