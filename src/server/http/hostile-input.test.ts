import fc from 'fast-check';
import { API } from '@shared/api/index.js';
import { type Contract, urlOf } from '@shared/api/contract.js';
import { sql } from 'kysely';
import type { ZodType } from 'zod';
import { type EventDetail, saveEventSchema } from '@shared/schemas/events.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { apiErrorSchema } from '@shared/api/errors.js';
import { buildSlot } from '@shared/testing/builders.js';
import { BODY_LIMIT_BYTES } from '../app.js';
import { NUL_MESSAGE } from './text-guard.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Property-based hostile input (fast-check): malformed bodies, query strings and path ids sent to
// every endpoint that takes input. Whatever arrives, the answer is never a 5xx; a refusal is a
// 4xx JSON {message} and leaves every table exactly as it was; and a body the endpoint's own
// schema rejects is always refused. Over-long bodies get 413 on every write endpoint.
// The requests are spelled by hand on purpose (not through app.call): they are the malformed
// bodies, query strings and path ids a contract's types would not let a test send.

const RUNS = { body: 70, query: 45, pathId: 30 };
const MIN_MALFORMED_PER_DIALECT = 500;
const TABLES = ['events', 'djs', 'signups', 'signup_djs', 'slots', 'dj_plays', 'settings', 'discord_posts', 'event_changes'] as const;
const MARKUP = '<img src=x onerror=alert(1)>';

interface Sent {
  raw: string;
  contentType: string;
  /** Parsed JSON, or undefined when `raw` is not JSON at all. */
  json?: unknown;
}

// ---- generators -------------------------------------------------------------------------

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null, '', ' ', '\u0000', '\uFFFF', -1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, [], {}, [null], { $ne: null },
    MARKUP, "'; drop table events; --", '../../etc/passwd', '2030-13-45T99:99:99Z', 'x'.repeat(5000), '\u202E\u0301', '👩🏽‍🎤'.repeat(50),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
);

/** Every path in a JSON value, root first: ['a'], ['a', 0], … */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

function withChange(template: unknown, path: (string | number)[], change: { set: unknown } | 'delete'): unknown {
  if (path.length === 0) return change === 'delete' ? undefined : change.set;
  const copy = structuredClone(template) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (change !== 'delete') node[last] = change.set;
  else if (Array.isArray(node)) node.splice(last as number, 1);
  else delete node[last];
  return copy;
}

/** `json` is what the server will parse: JSON.stringify writes NaN and ±Infinity as null, and -0 as 0. */
function asJson(value: unknown): Sent {
  const raw = JSON.stringify(value) ?? 'undefined';
  return { raw, contentType: 'application/json', json: raw === 'undefined' ? undefined : JSON.parse(raw) };
}

/** Near-misses of a valid body, plus plain garbage. */
function malformedBody(template: unknown): fc.Arbitrary<Sent> {
  const paths = pathsOf(template);
  const path = fc.constantFrom(...paths);
  const text = JSON.stringify(template);
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(path, nastyValue).map(([p, v]) => asJson(withChange(template, p, { set: v }))) },
    { weight: 3, arbitrary: path.filter((p) => p.length > 0).map((p) => asJson(withChange(template, p, 'delete'))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(asJson) },
    { weight: 1, arbitrary: fc.nat({ max: text.length - 1 }).map((n) => ({ raw: text.slice(0, n), contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((raw) => ({ raw, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { raw: text.replace('{', '{"__proto__":{"isAdmin":true},'), contentType: 'application/json' },
        { raw: text.replace('{', '{"constructor":{"prototype":{"isAdmin":true}},'), contentType: 'application/json' },
        { raw: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
        { raw: text, contentType: 'text/plain' },
        { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
        { raw: text, contentType: 'application/xml' },
      ),
    },
  );
}

/** A value for a query parameter that is never one the endpoint accepts. */
const badQueryValue = (valid: readonly string[]) =>
  fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('%', '%zz', '%00', MARKUP, 'x'.repeat(3000)))
    .filter((value) => !valid.includes(value));

function hostileQuery(key: string, valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    badQueryValue(valid).map((v) => `${key}=${encodeURIComponent(v)}`),
    // Unencoded: whatever the URL parser makes of it.
    badQueryValue(valid).map((v) => `${key}=${v}`),
    fc.tuple(badQueryValue(valid), badQueryValue(valid)).map(([a, b]) => `${key}=${encodeURIComponent(a)}&${key}=${encodeURIComponent(b)}`),
    badQueryValue(valid).map((v) => `${key}=${encodeURIComponent(v)}&${key}[x]=1&${key}[]=2`),
    fc.tuple(fc.string({ maxLength: 20 }), badQueryValue(valid)).map(([junk, v]) => `${encodeURIComponent(junk)}=1&${key}=${encodeURIComponent(v)}`),
  );
}

const hostileId = fc
  .oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.uuid(),
    fc.constantFrom(' ', '..', '%2e%2e', '%00', "1' or '1'='1", '../../etc/passwd', MARKUP, 'x'.repeat(300), 'x'.repeat(20_000), 'null', 'undefined', '0'),
  )
  .filter((id) => id.trim() !== '' && id !== 'home');

// ---- the test ---------------------------------------------------------------------------

describe.each(testDialects)('hostile input on %s', (dialect) => {
  let app: TestApp;
  let staffCookie: string;
  let djCookies: string[];
  let nextDj = 0;
  let eventId: string;
  let openEventId: string;
  let djId: string;
  let mergedDjId: string;
  let event: EventDetail;
  let malformed = 0;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    staffCookie = (await app.signIn(['admin', 'host'])).cookie;
    // POST /api/signup is rate limited per DJ: the fuzzing spreads over enough DJs to stay under it.
    djCookies = [];
    for (let i = 0; i < 8; i++) djCookies.push((await app.signIn(['dj'])).cookie);
    openEventId = await insertOpenEvent(app.ctx.store.db);

    const created = await app.call(API.events.createEvent, { body: { name: 'Fuzz night', startDatetime: '2030-06-16T19:00:00.000Z', host: 'Hal', message: 'm', footer: 'f', signupsAreOpen: true } }, { as: { cookie: staffCookie } });
    eventId = created.body.id;
    const dj = await app.call(API.djs.createDj, { body: { discordId: '123456789012345678', publicName: 'Pat', djName: 'Pat DJ', rtmpUrl: '', twitchUsername: '' } }, { as: { cookie: staffCookie } });
    djId = dj.body.id;
    const merged = await app.call(API.djs.createDj, { body: { discordId: '523456789012345678', publicName: 'Pat (old)', djName: 'Pat DJ (old)', rtmpUrl: '', twitchUsername: '' } }, { as: { cookie: staffCookie } });
    mergedDjId = merged.body.id;
    event = (await app.call(API.events.getEvent, { params: { eventId } }, { as: { cookie: staffCookie } })).body;
    const signup = { uuid: crypto.randomUUID(), name: 'Pat act', djRefs: [djId], isDebut: false, requestedDuration: 1 as const, type: 'LIVE' as const };
    const saved = await app.call(API.events.saveEvent, { params: { eventId }, body: { ...saveBody(event), signups: [signup], slots: [slotFor(signup.uuid)] } }, { as: { cookie: staffCookie } });
    expect(saved.status).toBe(200);
    event = saved.body;
  });
  afterAll(async () => {
    expect(malformed).toBeGreaterThanOrEqual(MIN_MALFORMED_PER_DIALECT);
    await app.destroy();
  });

  /** A valid save of the event as loaded: the save's own schema picks what a client sends. */
  const saveBody = (detail: EventDetail) => saveEventSchema.parse({ baseVersion: detail.version, event: detail, signups: detail.signups, slots: detail.slots, removedSignupUuids: [] });
  const slotFor = (signupUuid: string) => buildSlot(signupUuid);

  /** Every stored row of every table the API writes, in a fixed order. */
  async function snapshot(): Promise<string> {
    const tables = await Promise.all(
      TABLES.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.ctx.store.db)),
    );
    return JSON.stringify(tables.map((result) => result.rows.map((row) => JSON.stringify(row)).sort()));
  }

  async function send(method: string, url: string, cookie: string, sent?: Sent) {
    const response = await fetch(`${app.url}${url}`, {
      method,
      headers: { cookie, ...(sent ? { 'content-type': sent.contentType } : {}) },
      body: sent?.raw,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  }

  /**
   * The invariants for one hostile request. `certainlyBad`: the request is malformed by
   * construction (or by the endpoint's own schema), so it must be refused.
   */
  async function check(method: string, url: string, cookie: string, sent: Sent | undefined, certainlyBad: boolean) {
    const before = await snapshot();
    const { status, body } = await send(method, url, cookie, sent);
    expect(status, `${method} ${url} ${sent?.raw.slice(0, 300) ?? ''}`).toBeLessThan(500);
    if (status >= 400) {
      expect(apiErrorSchema.safeParse(body).success, `${status} ${JSON.stringify(body)}`).toBe(true);
      expect((body as { message: string }).message.length).toBeGreaterThan(0);
      expect(await snapshot()).toBe(before);
    }
    if (certainlyBad) {
      malformed++;
      expect(status, `${method} ${url} ${sent?.raw.slice(0, 300) ?? ''} was accepted`).toBeGreaterThanOrEqual(400);
    }
    return { status, body };
  }

  /** Refused by the endpoint's schema (or not JSON at all). */
  const rejectedBy = (schema: ZodType, sent: Sent) =>
    sent.contentType !== 'application/json' || sent.json === undefined || !schema.safeParse(sent.json).success;

  /** A target's name, method, address and body schema, from its contract (its path filled with `params`). */
  const endpoint = (contract: Contract, params: () => Record<string, string> = () => ({})) => ({
    name: `${contract.method} ${contract.path}`,
    method: contract.method,
    url: () => urlOf(contract, { params: params() }),
    schema: contract.body!,
  });

  interface BodyTarget {
    name: string;
    method: string;
    url: () => string;
    template: () => unknown;
    schema: ZodType;
    cookie: () => string;
    /** After a 2xx (the mutation happened to be valid): refresh what the template depends on. */
    accepted?: (body: unknown) => void;
    runs?: number;
  }

  const bodyTargets: BodyTarget[] = [
    {
      ...endpoint(API.events.createEvent),
      template: () => ({ name: 'E', startDatetime: '2030-07-01T19:00:00.000Z', host: 'H', message: '', footer: '', signupsAreOpen: false }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.events.createNextEvent, () => ({ eventId })),
      template: () => ({ confirmSameDay: false }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.events.saveEvent, () => ({ eventId })),
      template: () => saveBody(event),
      cookie: () => staffCookie,
      accepted: (body) => {
        event = body as EventDetail;
      },
    },
    {
      ...endpoint(API.events.publishEvent, () => ({ eventId })),
      template: () => ({ baseVersion: event.version }),
      cookie: () => staffCookie,
      accepted: (body) => {
        event = body as EventDetail;
      },
    },
    // Cancel then restore: a valid body flips the event and the next target flips it back.
    ...(['cancel', 'restore'] as const).map((action) => ({
      ...endpoint({ cancel: API.events.cancelEvent, restore: API.events.restoreEvent }[action], () => ({ eventId })),
      template: () => ({ baseVersion: event.version }),
      cookie: () => staffCookie,
      accepted: (body: unknown) => {
        event = body as EventDetail;
      },
    })),
    // The event has a lineup: even a valid body is refused (cancel it instead).
    {
      ...endpoint(API.events.deleteEvent, () => ({ eventId })),
      template: () => ({ baseVersion: event.version }),
      cookie: () => staffCookie,
    },
    // A record of its own: once a valid body merged it into Pat, the rest answer 404.
    {
      ...endpoint(API.djs.mergeDj, () => ({ djId: mergedDjId })),
      template: () => ({ intoDjId: djId }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.djs.createDj),
      template: () => ({ discordId: '223456789012345678', publicName: 'Q', djName: 'Q DJ', rtmpUrl: 'rtmp://a.example/b', twitchUsername: 'q_dj' }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.djs.updateDj, () => ({ djId })),
      template: () => ({ discordId: '123456789012345678', publicName: 'Pat', djName: 'Pat DJ', rtmpUrl: '', twitchUsername: '' }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.settings.saveSettings),
      template: () => ({ ...DEFAULT_SETTINGS, discordWebhookChanges: { announcements: 'https://discord.com/api/webhooks/123/abc_DEF-1', scheduling: null } }),
      cookie: () => staffCookie,
    },
    {
      // No webhook is set here, so nothing reaches Discord: the body's checks and the refusals are what is tried.
      ...endpoint(API.discord.postToDiscord, () => ({ eventId, kind: 'announcement' })),
      template: () => ({ text: 'Fuzz night\n\nEvent start: <t:1907175600:F>' }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.signup.submitSignup),
      template: () => intake(openEventId),
      cookie: () => djCookies[nextDj++ % djCookies.length]!,
    },
    {
      ...endpoint(API.signup.confirmSlot),
      template: () => ({ event_id: openEventId, confirmation: 'confirmed' }),
      cookie: () => djCookies[nextDj++ % djCookies.length]!,
    },
    {
      ...endpoint(API.events.setPreflightStep, () => ({ eventId })),
      template: () => ({ step: 'streamDetailsChecked', done: true }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.events.setConfirmation, () => ({ eventId })),
      template: () => ({ djId, confirmation: 'declined' }),
      cookie: () => staffCookie,
    },
    // Stream checks (issue 35): staff's tick, the DJ's own "Stream tested" (these DJs have no slot
    // here, so even a valid body is refused), the deadline setting.
    {
      ...endpoint(API.streamChecks.setStreamCheck, () => ({ eventId })),
      template: () => ({ signupUuid: event.signups[0]?.uuid ?? crypto.randomUUID(), tested: true }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.signup.streamTested),
      template: () => ({ event_id: eventId }),
      cookie: () => djCookies[nextDj++ % djCookies.length]!,
    },
    {
      ...endpoint(API.streamChecks.saveStreamCheckSettings),
      template: () => ({ hoursBefore: 2 }),
      cookie: () => staffCookie,
    },
    // The live board's mark of the lineup's slot (the night is in 2030: refused as not started, or cancelled, whatever the body).
    {
      ...endpoint(API.live.markSlot, () => ({ eventId, signupUuid: event.slots[0]?.signupUuid ?? 'no-slot' })),
      template: () => ({ mark: 'no_show' }),
      cookie: () => staffCookie,
    },
    {
      ...endpoint(API.auth.completeSignIn),
      template: () => ({ code: 'c', state: 's', redirect_uri: `${app.url}/discordRedirect` }),
      cookie: () => '',
      // Sign-in is rate limited per address (60 a minute): a 429 is a fine refusal, but stay under it.
      runs: 40,
    },
  ];

  test.each(bodyTargets)('malformed bodies to $name', async (target) => {
    await fc.assert(
      fc.asyncProperty(malformedBody(target.template()), async (sent) => {
        const { status, body } = await check(target.method, target.url(), target.cookie(), sent, rejectedBy(target.schema, sent));
        if (status < 300) target.accepted?.(body);
      }),
      { numRuns: target.runs ?? RUNS.body },
    );
  });

  // `strict`: every generated value is refused (the history's cursor and limit have valid values
  // the generator may happen upon, so there only the answer's shape is checked).
  /** A query parameter of a GET route: hostile values for `key`, the rest of the address from its contract. */
  const queryTarget = (contract: Contract, params: () => Record<string, string>, key: string, cookie: () => string, strict: boolean, valid: string[] = []) => ({
    name: `${contract.method} ${contract.path}?${key}`,
    path: () => urlOf(contract, { params: params() }),
    key,
    valid,
    cookie,
    strict,
  });
  const queryTargets = [
    queryTarget(API.events.listEvents, () => ({}), 'when', () => staffCookie, true, ['upcoming', 'past']),
    queryTarget(API.signup.getSignupArea, () => ({}), 'event_id', () => djCookies[0]!, true),
    queryTarget(API.signup.getStreamTestDeadline, () => ({}), 'event_id', () => djCookies[0]!, true),
    queryTarget(API.history.getEventHistory, () => ({ eventId }), 'before', () => staffCookie, false),
    queryTarget(API.history.getEventHistory, () => ({ eventId }), 'limit', () => staffCookie, false),
    // The roster's page and search: any text is a search, so only a clean answer or refusal.
    ...['search', 'limit', 'offset'].map((key) => queryTarget(API.djs.getRoster, () => ({}), key, () => staffCookie, false)),
  ];

  test.each(queryTargets)('hostile query strings to $name', async ({ path, key, valid, cookie, strict }) => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(key, valid), async (query) => {
        await check('GET', `${path()}?${query}`, cookie(), undefined, strict);
      }),
      { numRuns: RUNS.query },
    );
  });

  test('query strings on routes that take none never cause a server error', async () => {
    const routes = [API.auth.getMe, API.events.getHomeEvent, API.djs.getRoster, API.settings.getSettings].map((contract) => urlOf(contract));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), hostileQuery('x', []), async (route, query) => {
        await check('GET', `${route}?${query}`, staffCookie, undefined, false);
      }),
      { numRuns: RUNS.query },
    );
  });

  /** A route taking an id in its path: the id a test sends goes in as it is, not encoded (the test encodes it or not). */
  const idTarget = (contract: Contract, body?: () => unknown) => ({
    name: `${contract.method} ${contract.path}`,
    method: contract.method,
    url: (id: string) => contract.path.replace(/:(eventId|djId)/, id),
    body,
  });
  const idTargets = [
    idTarget(API.events.getEvent),
    idTarget(API.events.saveEvent, () => saveBody(event)),
    idTarget(API.events.publishEvent, () => ({ baseVersion: 1 })),
    idTarget(API.events.unpublishEvent, () => ({ baseVersion: 1 })),
    idTarget(API.events.setPreflightStep, () => ({ step: 'textsCopied', done: true })),
    idTarget(API.events.eventChanges),
    idTarget(API.events.cancelEvent, () => ({ baseVersion: 1 })),
    idTarget(API.events.deleteEvent, () => ({ baseVersion: 1 })),
    idTarget(API.djs.getDj),
    idTarget(API.history.getEventHistory),
    idTarget(API.history.getDjSignups),
    idTarget(API.djs.archiveDj),
    idTarget(API.djs.mergeDj, () => ({ intoDjId: djId })),
    idTarget(API.djs.updateDj, () => ({ discordId: '323456789012345678', publicName: 'R', djName: 'R DJ', rtmpUrl: '', twitchUsername: '' })),
  ];

  test.each(idTargets)('hostile path ids to $name', async (target) => {
    await fc.assert(
      fc.asyncProperty(hostileId, fc.boolean(), async (id, encode) => {
        const segment = encode ? encodeURIComponent(id) : id;
        const sent = target.body ? asJson(target.body()) : undefined;
        await check(target.method, target.url(segment), staffCookie, sent, true);
      }),
      { numRuns: RUNS.pathId },
    );
  });

  test('the NUL character is refused in bodies, query strings and path ids alike (PostgreSQL cannot store it)', async () => {
    const dj = { discordId: '423456789012345678', publicName: 'N', djName: 'a\u0000b', rtmpUrl: '', twitchUsername: '' };
    for (const [method, url, sent] of [
      ['POST', urlOf(API.djs.createDj), asJson(dj)],
      ['GET', API.djs.getDj.path.replace(':djId', 'x%00y'), undefined],
      ['GET', `${urlOf(API.events.listEvents)}?when=%00`, undefined],
    ] as const) {
      const { status, body } = await check(method, url, staffCookie, sent, true);
      expect(status).toBe(400);
      expect(body).toEqual({ code: 'invalid_request', message: NUL_MESSAGE });
    }
  });

  test('a body over the limit gets 413 on every write endpoint, and one just under it does not', async () => {
    const writes = [...bodyTargets.map((t) => ({ method: t.method, url: t.url(), cookie: t.cookie() }))];
    for (const { method, url, cookie } of writes) {
      const huge = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES) });
      const { status, body } = await check(method, url, cookie, { raw: huge, contentType: 'application/json' }, true);
      expect(status, `${method} ${url}`).toBe(413);
      expect(body).toEqual({ code: 'too_large', message: 'The request is too large.' });
    }
    const justUnder = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES - 100) });
    const { status } = await check('POST', urlOf(API.djs.createDj), staffCookie, { raw: justUnder, contentType: 'application/json' }, true);
    expect(status).toBe(400);
  });
});
