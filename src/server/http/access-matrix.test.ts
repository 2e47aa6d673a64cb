import { randomUUID } from 'node:crypto';
import { API } from '@shared/api/index.js';
import http from 'node:http';
import Fastify from 'fastify';
import { apiErrorSchema } from '@shared/api/errors.js';
import { ALL_CONTRACTS } from '@shared/api/index.js';
import type { Contract } from '@shared/api/contract.js';
import type { Role } from '@shared/domain.js';
import type { Access } from '@shared/policy.js';
import { mayAnswer } from '@shared/testing/api-client.js';
import { registerGuard } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Every contract, called as each kind of person and under every spelling of its address an
// attacker might try. The guard decides from the route that matched: the anonymous get 401, the
// signed-in without the role 403, the rest reach the handler (which may still answer 2xx, 400,
// 404 or 409: anything but 401/403). A spelling that matches no route reaches nothing: never data,
// never a change.

const PERSONAS = ['anonymous', 'member', 'dj', 'host', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];
const ROLES_OF: Record<Exclude<Persona, 'anonymous'>, Role[]> = { member: [], dj: ['dj'], host: ['host'], admin: ['admin'] };

type Outcome = 'through' | 401 | 403;

/** Written out by hand (not derived from hasAccess) so a change to the policy logic shows here. */
const EXPECTED: Record<Access, Record<Persona, Outcome>> = {
  public: { anonymous: 'through', member: 'through', dj: 'through', host: 'through', admin: 'through' },
  signedIn: { anonymous: 401, member: 'through', dj: 'through', host: 'through', admin: 'through' },
  staff: { anonymous: 401, member: 403, dj: 403, host: 'through', admin: 'through' },
  admin: { anonymous: 401, member: 403, dj: 403, host: 403, admin: 'through' },
  signup: { anonymous: 401, member: 403, dj: 'through', host: 'through', admin: 403 },
};

const MESSAGES = {
  401: 'You are not authenticated. Please log in to access this page.',
  403: 'You do not have the required permissions to view this content.',
};

/**
 * Other spellings of a request target. `same`: the router decodes it to the same route, so the
 * guard must decide exactly as for the canonical spelling. The others match no route.
 */
interface Spelling {
  name: string;
  same: boolean;
  spell: (path: string, origin: string) => string;
}

const encodeFirstLetter = (segment: string) => segment.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16)}`);
const eachSegment = (path: string, change: (segment: string, index: number) => string) =>
  path
    .split('/')
    .map((segment, index) => (segment ? change(segment, index) : segment))
    .join('/');

const SPELLINGS: Spelling[] = [
  { name: 'canonical', same: true, spell: (path) => path },
  { name: 'every segment percent-encoded', same: true, spell: (path) => eachSegment(path, encodeFirstLetter) },
  ...[1, 2, 3, 4].map((n) => ({
    name: `segment ${n} percent-encoded`,
    same: true,
    spell: (path: string) => eachSegment(path, (segment, index) => (index === n ? encodeFirstLetter(segment) : segment)),
  })),
  { name: 'absolute-form target', same: true, spell: (path, origin) => `${origin}${path}` },
  { name: 'double encoding', same: false, spell: (path) => eachSegment(path, (s) => encodeFirstLetter(s).replace('%', '%25')) },
  { name: 'upper case', same: false, spell: (path) => path.toUpperCase() },
  { name: 'trailing slash', same: false, spell: (path) => `${path}/` },
  { name: 'dot-dot segment', same: false, spell: (path) => path.replace('/api/', '/api/x/../') },
  { name: 'encoded dot-dot segment', same: false, spell: (path) => path.replace('/api/', '/api/x/%2e%2e/') },
];

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** Sends the request target exactly as given (fetch would normalise it). */
function rawRequest(app: TestApp, method: string, target: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: target, headers, setHost: true }, (response) => {
      const contentType = String(response.headers['content-type'] ?? '');
      if (contentType.startsWith('text/event-stream')) {
        // A live-updates stream that opened: its status is the answer.
        response.destroy();
        resolve({ status: response.statusCode ?? 0, contentType, body: '' });
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Everything stored, as one comparable text: a refused request must leave it as it was. */
async function snapshot(app: TestApp): Promise<string> {
  const db = app.ctx.store.db;
  const tables = ['events', 'djs', 'signups', 'signup_djs', 'slots', 'dj_plays', 'settings', 'discord_posts', 'event_changes', 'scheduled_posts', 'dj_preferences'] as const;
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(rows.map((list) => list.map((row) => JSON.stringify(row)).sort()));
}

describe.each(testDialects)('access control matrix on %s', (dialect) => {
  let app: TestApp;
  let eventId: string;
  let spareEventId: string;
  let djId: string;
  const cookies = {} as Record<Exclude<Persona, 'anonymous'>, string>;

  beforeAll(async () => {
    // Sign-in is rate limited per address; this suite signs in from one address many times.
    app = await startTestApp(dialect);
    for (const persona of ['member', 'dj', 'host', 'admin'] as const) {
      const signedIn = await app.signIn(ROLES_OF[persona]);
      cookies[persona] = signedIn.cookie;
      if (persona === 'dj') djId = signedIn.djId;
    }
    eventId = await insertOpenEvent(app.ctx.store.db, 'Matrix night', 'staff-only message');
    spareEventId = await insertOpenEvent(app.ctx.store.db, 'Matrix spare');
  });
  afterAll(async () => {
    await app.destroy();
  });

  const key = (contract: Contract) => `${contract.method} ${contract.path}`;

  /** A plausible request for each contract: real ids, bodies that pass validation where simple. */
  function requestFor(contract: Contract): { path: string; body?: unknown } {
    const path = contract.path.replace(':eventId', eventId).replace(':djId', djId).replace(':kind', 'announcement').replace(':view', 'djs');
    switch (key(contract)) {
      case 'POST /api/auth/callback':
        return { path, body: { code: 'c', state: 's', redirect_uri: 'http://localhost/discordRedirect' } };
      case 'POST /api/events':
        return { path, body: { name: 'New', startDatetime: '2030-07-01T19:00:00.000Z', host: 'Hal', message: '', footer: '', signupsAreOpen: true } };
      case 'PUT /api/events/:eventId':
      case 'POST /api/events/:eventId/publish':
      case 'POST /api/events/:eventId/unpublish':
        return { path, body: { baseVersion: 1 } };
      case 'POST /api/events/:eventId/next':
        return { path, body: { confirmSameDay: true } };
      case 'PUT /api/events/:eventId/preflight':
        return { path, body: { step: 'textsCopied', done: true } };
      case 'PUT /api/events/:eventId/confirmations':
        return { path, body: { djId, confirmation: 'confirmed' } };
      case 'POST /api/signup/confirmation':
        return { path, body: { event_id: eventId, confirmation: 'confirmed' } };
      // A spare event of their own: a cancel that went through would close the signups the rest of the matrix uses.
      case 'POST /api/events/:eventId/cancel':
      case 'POST /api/events/:eventId/restore':
      case 'DELETE /api/events/:eventId':
        return { path: contract.path.replace(':eventId', spareEventId), body: { baseVersion: 1 } };
      // Into a record that does not exist (404): a merge that went through would delete the DJ the rest of the matrix uses.
      case 'POST /api/djs/:djId/merge':
        return { path, body: { intoDjId: randomUUID() } };
      case 'POST /api/djs':
      case 'PUT /api/djs/:djId':
        return { path, body: { discordId: uniqueDigits(), publicName: 'P', djName: 'D', rtmpUrl: '', twitchUsername: '' } };
      case 'PUT /api/settings':
        return { path, body: {} };
      case 'POST /api/events/:eventId/discord/:kind':
        return { path, body: { text: 'Sunday Service' } };
      case 'GET /api/signup':
        return { path: `${path}?event_id=${eventId}` };
      case 'GET /api/events/:eventId/history':
        return { path: `${path}?limit=5` };
      case 'POST /api/signup':
        return { path, body: intake(eventId, { name: 'Matrix DJ', dj_notes: 'my notes' }) };
      default:
        return { path, ...(contract.method === 'GET' ? {} : { body: {} }) };
    }
  }

  /** A session for the persona; signing out ends one, so it gets a throwaway of the same roles. */
  async function cookieFor(contract: Contract, persona: Persona): Promise<string | undefined> {
    if (persona === 'anonymous') return undefined;
    return key(contract) === 'POST /api/auth/logout' ? (await app.signIn(ROLES_OF[persona])).cookie : cookies[persona];
  }

  function send(contract: Contract, cookie: string | undefined, spelling: Spelling, extraHeaders: Record<string, string> = {}) {
    const { path, body } = requestFor(contract);
    const headers: Record<string, string> = { ...extraHeaders };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      // Node sends a DELETE's body without a length unless told (which no server accepts).
      headers['content-length'] = String(Buffer.byteLength(JSON.stringify(body)));
    }
    return rawRequest(app, contract.method, spelling.spell(path, app.url), headers, body === undefined ? undefined : JSON.stringify(body));
  }

  test('the matrix covers every contract, each of them a registered route', () => {
    expect(ALL_CONTRACTS.length).toBeGreaterThan(10);
    expect(new Set(ALL_CONTRACTS.map(key)).size).toBe(ALL_CONTRACTS.length);
    for (const contract of ALL_CONTRACTS) {
      expect(app.app.hasRoute({ method: contract.method, url: contract.path }), key(contract)).toBe(true);
    }
  });

  const cases = ALL_CONTRACTS.flatMap((contract) =>
    PERSONAS.map((persona) => ({ route: key(contract), contract, persona, expected: EXPECTED[contract.access][persona] })),
  );

  test.each(cases)('$route as $persona: $expected under every spelling', async ({ contract, persona, expected }) => {
    const refused = expected !== 'through';
    const before = refused ? await snapshot(app) : '';
    for (const spelling of SPELLINGS) {
      const answer = await send(contract, await cookieFor(contract, persona), spelling);
      const where = `${spelling.name}: ${answer.status} ${answer.body.slice(0, 120)}`;
      if (spelling.same && refused) {
        expect(answer.status, where).toBe(expected);
        expect(JSON.parse(answer.body), where).toEqual({ code: expected === 401 ? 'not_authenticated' : 'forbidden', message: MESSAGES[expected] });
      } else if (spelling.same) {
        expect([401, 403], where).not.toContain(answer.status);
        expect(answer.status, where).toBeLessThan(500);
        // An error it answers is one its contract lists (or any endpoint may).
        if (answer.status >= 400) expect(mayAnswer(contract, apiErrorSchema.parse(JSON.parse(answer.body)).code), where).toBe(true);
      } else if (refused) {
        // Whatever route it reached (none, the app's page, or another route with its own guard): no data.
        const page = contract.method === 'GET' && answer.status === 200 && answer.contentType.startsWith('text/html');
        expect(page || [401, 403, 404].includes(answer.status), where).toBe(true);
        if (!page) expect(apiErrorSchema.safeParse(JSON.parse(answer.body)).success, where).toBe(true);
      } else {
        expect(answer.status, where).toBeLessThan(500);
      }
    }
    if (refused) expect(await snapshot(app)).toBe(before);
  });

  const mutating = ALL_CONTRACTS.filter((contract) => contract.method !== 'GET');

  test.each(mutating.map((contract) => ({ route: key(contract), contract })))(
    '$route refuses a cross-site request under every spelling that reaches it, and changes nothing',
    async ({ contract }) => {
      const cookie = await cookieFor(contract, contract.access === 'signup' ? 'dj' : 'admin');
      const before = await snapshot(app);
      for (const spelling of SPELLINGS.filter((s) => s.same)) {
        for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Array<Record<string, string>>) {
          const answer = await send(contract, cookie, spelling, headers);
          expect(answer.status, `${spelling.name} ${JSON.stringify(headers)}`).toBe(403);
          expect(JSON.parse(answer.body)).toMatchObject({ code: 'cross_site' });
        }
      }
      expect(await snapshot(app)).toBe(before);
    },
  );

  test('HEAD requests are decided like the GET they stand for', async () => {
    for (const contract of ALL_CONTRACTS.filter((c) => c.method === 'GET' && c.access !== 'public')) {
      const { path } = requestFor(contract);
      expect((await rawRequest(app, 'HEAD', path, {})).status, key(contract)).toBe(401);
      expect((await rawRequest(app, 'HEAD', `/${encodeFirstLetter(path.slice(1))}`, {})).status, key(contract)).toBe(401);
    }
  });

  test("a DJ sees only the public basics of the event and their own signup, never another DJ's", async () => {
    const other = await app.signIn(['dj'], { djName: 'Other DJ' });
    const mine = await app.signIn(['dj']);
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Rival Name', dj_notes: 'rival secret notes' }) }, { as: other })).status).toBe(200);

    const before = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: mine });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ signup: null });
    const text = JSON.stringify(before.body);
    for (const leaked of ['Rival Name', 'rival secret notes', 'staff-only message', other.djId, 'Other DJ']) {
      expect(text).not.toContain(leaked);
    }
    expect(Object.keys((before.body as { event: object }).event).sort()).toEqual(['cancelled', 'full', 'host', 'id', 'name', 'signupsAreOpen', 'startDatetime']);

    // Submitting for the same event only ever writes and returns the caller's own signup.
    const submitted = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Mine' }) }, { as: mine });
    expect(JSON.stringify(submitted.body)).not.toContain('Rival');
    const after = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: mine });
    expect(after.body.signup?.name).toBe('Mine');
    const rival = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: other });
    expect(rival.body.signup?.name).toBe('Rival Name');
  });

  test('a DJ is refused every staff read, whatever the id', async () => {
    const staffReads = ALL_CONTRACTS.filter((contract) => contract.access === 'staff' && contract.method === 'GET');
    expect(staffReads.length).toBeGreaterThan(0);
    for (const contract of staffReads) {
      for (const id of [eventId, djId, randomUUID()]) {
        const path = contract.path.replace(':eventId', id).replace(':djId', id);
        expect((await rawRequest(app, 'GET', path, { cookie: cookies.dj })).status, key(contract)).toBe(403);
      }
    }
  });
});

describe('routes without a declared access', () => {
  test('refuse to start the app', async () => {
    const app = Fastify();
    registerGuard(app, {} as AppContext);
    app.get('/declared', { config: { access: 'public' } }, () => 'ok');
    await expect(
      (async () => {
        app.get('/forgotten', () => 'open to anyone?');
        await app.ready();
      })(),
    ).rejects.toThrow('The route GET /forgotten declares no access');
    await app.close();
  });
});

let digits = 0;
const uniqueDigits = () => `${Date.now()}${String(++digits).padStart(6, '0')}`.slice(0, 19);
