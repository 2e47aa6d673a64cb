import type { ChangeBus } from './changes/bus.js';
import type { Config } from './config.js';
import type { Store } from './db/open.js';
import type { Clock } from './dj-posts/clock.js';
import type { DjPostSchedule } from './dj-posts/scheduler.js';
import type { Limits } from './limits.js';

/** What every feature's routes and services are given: no globals. */
export interface AppContext {
  config: Config;
  store: Store;
  changes: ChangeBus;
  /** Timeouts and intervals (limits.ts), shortened by tests. */
  limits: Limits;
  /** The time posts to DJs are scheduled by: the system's, or the one a test sets. */
  clock: Clock;
  /** The schedule of posts to DJs (dj-posts/scheduler.ts): kicked when a change makes a post due now. */
  djPosts: DjPostSchedule;
}
