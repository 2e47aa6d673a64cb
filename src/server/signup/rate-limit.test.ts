import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { API } from '@shared/api/index.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { SIGNUP_RATE_LIMIT } from './routes.js';

describe.each(testDialects)('signup submission rate limit on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('a DJ gets 429 with Retry-After and a message past the limit; the refused submission changes nothing; other DJs are unaffected', async () => {
    const eventId = await insertOpenEvent(app.ctx.store.db);
    const dj = await app.signIn(['dj']);
    for (let i = 1; i <= SIGNUP_RATE_LIMIT.max; i++) {
      const response = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: `Take ${i}` }) }, { as: dj });
      expect(response.status).toBe(200);
    }

    const refused = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'One too many' }) }, { as: dj });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(SIGNUP_RATE_LIMIT.timeWindow / 1000);
    expect(refused.error).toEqual({ code: 'rate_limited', message: 'Too many signup submissions. Please wait a minute and try again.' });

    const stored = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
    expect(stored.status).toBe(200);
    expect(stored.body.signup?.name).toBe(`Take ${SIGNUP_RATE_LIMIT.max}`);

    const other = await app.signIn(['dj']);
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: other })).status).toBe(200);
  });

  test('the limit leaves room for real use: a DJ correcting their signup several times a minute', () => {
    expect(SIGNUP_RATE_LIMIT.max).toBeGreaterThanOrEqual(10);
    expect(SIGNUP_RATE_LIMIT.timeWindow).toBeLessThanOrEqual(60_000);
  });
});
