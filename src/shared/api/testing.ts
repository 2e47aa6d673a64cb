import { z } from 'zod';
import { contract } from './contract.js';

// Test-only endpoints, outside the API the app serves (api/index.ts leaves them out): the server
// registers them only when TEST_CLOCK is on, which start-up refuses with NODE_ENV=production.

/**
 * Sets the clock the schedule of posts to DJs runs on and sends what is due at that moment; the
 * answer says what the run did. An admin's, for the end-to-end tests (README, TEST_CLOCK).
 */
export const setTestClock = contract({
  method: 'PUT',
  path: '/api/testing/clock',
  access: 'admin',
  body: z.strictObject({ now: z.iso.datetime() }),
  response: z.object({ now: z.string(), sent: z.number(), skipped: z.number(), failed: z.number() }),
  errors: [],
});
