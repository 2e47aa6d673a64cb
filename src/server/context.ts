import type { ChangeBus } from './changes/bus.js';
import type { Config } from './config.js';
import type { Store } from './db/open.js';
import type { Limits } from './limits.js';

/** What every feature's routes and services are given: no globals. */
export interface AppContext {
  config: Config;
  store: Store;
  changes: ChangeBus;
  /** Timeouts and intervals (limits.ts), shortened by tests. */
  limits: Limits;
}
