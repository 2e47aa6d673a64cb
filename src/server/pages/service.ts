import { isTimeZone } from '@shared/time.js';
import type { AppContext } from '../context.js';
import { readSettings } from '../settings/service.js';

// What the pages the server renders are written in besides their data (which the client's route
// table names and the server's own API answers: routes.ts).

/** The zone a page's times are written in: the browser's (its `tz` cookie, when valid), else the series'. */
export async function pageZone({ ctx, cookie }: { ctx: AppContext; cookie: string | undefined }): Promise<string> {
  if (cookie && cookie.length <= 64 && isTimeZone(cookie)) return cookie;
  return (await readSettings(ctx.store.db)).defaultZone;
}
