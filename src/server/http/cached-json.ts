import type { FastifyReply } from 'fastify';
import type { Store } from '../db/open.js';
import { readCache } from '../db/read-cache.js';

/**
 * For heavy reads whose answer depends only on the key, not on who asks: the JSON is kept
 * serialized until anything in the database is written (db/read-cache.ts).
 */
export function cachedJson(store: Pick<Store, 'dataVersion'>, capacity: number) {
  const cache = readCache<string>(store, capacity);
  return async (reply: FastifyReply, key: string, load: () => Promise<unknown>): Promise<FastifyReply> => {
    const json = await cache.get(key, async () => JSON.stringify(await load()));
    return reply.type('application/json; charset=utf-8').send(json);
  };
}
