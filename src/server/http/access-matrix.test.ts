import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/domain.js';
import { API_POLICY, type Access, type ApiRoute } from '../../shared/policy.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Every route of the policy table, called as each kind of person: the guard must answer 401 to
// the anonymous, 403 to the signed-in without the role, and let the rest through to the handler
// (which may still answer 2xx, 400, 404 or 409: anything but 401/403).

const PERSONAS = ['anonymous', 'member', 'dj', 'host', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];
const ROLES_OF: Record<Exclude<Persona, 'anonymous'>, Role[]> = { member: [], dj: ['dj'], host: ['host'], admin: ['admin'] };

type Outcome = 'through' | 401 | 403;

/** Written out by hand (not derived from hasAccess) so a change to the policy logic shows here. */
const EXPECTED: Record<Access, Record<Persona, Outcome>> = {
  public: { anonymous: 'through', member: 'through', dj: 'through', host: 'through', admin: 'through' },
  signedIn: { anonymous: 401, member: 'through', dj: 'through', host: 'through', admin: 'through' },
  staff: { anonymous: 401, member: 403, dj: 403, host: 'through', admin: 'through' },
  signup: { anonymous: 401, member: 403, dj: 'through', host: 'through', admin: 403 },
};

describe.each(testDialects)('access control matrix on %s', (dialect) => {
  let app: TestApp;
  let eventId: string;
  let djId: string;
  const cookies = {} as Record<Exclude<Persona, 'anonymous'>, string>;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    for (const persona of ['member', 'dj', 'host', 'admin'] as const) {
      const signedIn = await app.signIn(ROLES_OF[persona]);
      cookies[persona] = signedIn.cookie;
      if (persona === 'dj') djId = signedIn.djId;
    }
    eventId = await insertOpenEvent(app.ctx.store.db, 'Matrix night', 'staff-only message');
  });
  afterAll(async () => {
    await app.destroy();
  });

  /** A plausible request for each route: real ids, bodies that pass validation where simple. */
  function requestFor(route: ApiRoute): { url: string; body?: unknown } {
    const [, pattern] = route.split(' ') as [string, string];
    const url = pattern.replace(':eventId', eventId).replace(':djId', djId);
    switch (route) {
      case 'POST /api/auth/callback':
        return { url, body: { code: 'c', state: 's', redirect_uri: 'http://localhost/discordRedirect' } };
      case 'POST /api/events':
        return { url, body: { name: 'New', startDatetime: '2030-07-01T19:00:00.000Z', host: 'Hal', message: '', footer: '', signupsAreOpen: true } };
      case 'PUT /api/events/:eventId':
      case 'POST /api/events/:eventId/publish':
        return { url, body: { baseVersion: 1 } };
      case 'POST /api/djs':
      case 'PUT /api/djs/:djId':
        return { url, body: { discordId: uniqueDigits(), publicName: 'P', djName: 'D', rtmpUrl: '', twitchUsername: '' } };
      case 'PUT /api/settings':
        return { url, body: {} };
      case 'GET /api/signup':
        return { url: `${url}?event_id=${eventId}` };
      case 'POST /api/signup':
        return { url, body: intake(eventId, { name: 'Matrix DJ', dj_notes: 'my notes' }) };
      default:
        return { url };
    }
  }

  const cases = (Object.entries(API_POLICY) as [ApiRoute, Access][]).flatMap(([route, access]) =>
    PERSONAS.map((persona) => ({ route, access, persona, expected: EXPECTED[access][persona] })),
  );

  test('the matrix covers every route of the policy table for every persona', () => {
    expect(cases).toHaveLength(Object.keys(API_POLICY).length * PERSONAS.length);
  });

  test.each(cases)('$route as $persona: $expected', async ({ route, persona, expected }) => {
    const [method] = route.split(' ') as [string];
    const { url, body } = requestFor(route);
    // Signing out ends the session, so it gets a throwaway one of the same roles.
    const cookie =
      persona === 'anonymous'
        ? undefined
        : route === 'POST /api/auth/logout'
          ? (await app.signIn(ROLES_OF[persona])).cookie
          : cookies[persona];
    const status = await statusOf(app, method, url, cookie, body);
    if (expected === 'through') {
      expect([401, 403]).not.toContain(status);
      expect(status).toBeLessThan(500);
    } else {
      expect(status).toBe(expected);
    }
  });

  test("a DJ sees only the public basics of the event and their own signup, never another DJ's", async () => {
    const other = await app.signIn(['dj'], { djName: 'Other DJ' });
    const mine = await app.signIn(['dj']);
    expect((await app.request('POST', '/api/signup', { cookie: other.cookie, body: intake(eventId, { name: 'Rival Name', dj_notes: 'rival secret notes' }) })).status).toBe(200);

    const before = await app.request('GET', `/api/signup?event_id=${eventId}`, { cookie: mine.cookie });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ signup: null });
    const text = JSON.stringify(before.body);
    for (const leaked of ['Rival Name', 'rival secret notes', 'staff-only message', other.djId, 'Other DJ']) {
      expect(text).not.toContain(leaked);
    }
    expect(Object.keys((before.body as { event: object }).event).sort()).toEqual(['host', 'id', 'name', 'signupsAreOpen', 'startDatetime']);

    // Submitting for the same event only ever writes and returns the caller's own signup.
    const submitted = await app.request('POST', '/api/signup', { cookie: mine.cookie, body: intake(eventId, { name: 'Mine' }) });
    expect(JSON.stringify(submitted.body)).not.toContain('Rival');
    const after = await app.request<{ signup: { name: string } }>('GET', `/api/signup?event_id=${eventId}`, { cookie: mine.cookie });
    expect(after.body.signup.name).toBe('Mine');
    const rival = await app.request<{ signup: { name: string } }>('GET', `/api/signup?event_id=${eventId}`, { cookie: other.cookie });
    expect(rival.body.signup.name).toBe('Rival Name');
  });

  test('a DJ is refused every staff read, whatever the id', async () => {
    const staffReads = (Object.entries(API_POLICY) as [ApiRoute, Access][]).filter(
      ([route, access]) => access === 'staff' && route.startsWith('GET '),
    );
    expect(staffReads.length).toBeGreaterThan(0);
    for (const [route] of staffReads) {
      for (const id of [eventId, djId, randomUUID()]) {
        const url = route.slice(4).replace(':eventId', id).replace(':djId', id);
        expect(await statusOf(app, 'GET', url, cookies.dj)).toBe(403);
      }
    }
  });
});

let digits = 0;
const uniqueDigits = () => `${Date.now()}${String(++digits).padStart(6, '0')}`.slice(0, 19);

/** The status only: a live-updates stream is closed as soon as its headers arrive. */
async function statusOf(app: TestApp, method: string, url: string, cookie?: string, body?: unknown): Promise<number> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.url}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  await response.body?.cancel();
  return response.status;
}
