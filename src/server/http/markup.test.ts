import {
  discordAnnouncement,
  signupSheetMessage,
  socialAnnouncement,
  verifyLineupMessage,
} from '@shared/announcements.js';
import type { Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import { buildSlot } from '@shared/testing/builders.js';
import { intake } from '../testing/fixtures.js';
import { type SignedIn, startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Markup in names is data: stored and returned exactly as typed (JSON, never HTML), and copied
// verbatim into the generated plain texts, which are pasted into Discord and social media.
// That the screens show it as text is the browser side's test.

const MARKUP = '<img src=x onerror=alert(1)>';

describe.each(testDialects)('markup in names on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('DJ, event and signup names with markup round-trip verbatim and appear verbatim in every generated text', async () => {
    const staff = await app.signIn(['admin', 'host']);
    const dj = await app.call(API.djs.createDj, { body: {
      discordId: '123456789012345678',
      publicName: `Public ${MARKUP}`,
      djName: `DJ ${MARKUP}`,
      rtmpUrl: '',
      twitchUsername: '',
    } }, { as: staff });
    expect(dj.status).toBe(201);
    const created = await app.call(API.events.createEvent, { body: {
      name: `Night ${MARKUP}`,
      startDatetime: '2030-06-09T19:00:00.000Z',
      host: `Host ${MARKUP}`,
      message: `Message ${MARKUP}`,
      footer: `Footer ${MARKUP}`,
      signupsAreOpen: true,
    } }, { as: staff });
    expect(created.status).toBe(201);
    const eventId = created.body.id;

    // A DJ signs up with markup in the signup name.
    const djSession = await app.signIn(['dj'], { djName: `Self ${MARKUP}` });
    const submitted = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: `Act ${MARKUP}` }) }, { as: djSession });
    expect(submitted.status).toBe(200);
    const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: djSession });
    expect(area.headers.get('content-type')).toMatch(/^application\/json/);
    expect(area.body.event.name).toBe(`Night ${MARKUP}`);
    expect(area.body.signup?.name).toBe(`Act ${MARKUP}`);

    // Staff put both signups in the lineup.
    const loaded = (await app.call(API.events.getEvent, { params: { eventId } }, { as: staff })).body;
    const staffSignup = { uuid: crypto.randomUUID(), name: `Staff ${MARKUP}`, djRefs: [dj.body.id], isDebut: false, requestedDuration: 1 as const, type: 'LIVE' as const };
    const signups = [...loaded.signups.map(({ formData: _f, ...s }) => s), staffSignup];
    const saved = await app.call(API.events.saveEvent, { params: { eventId }, body: {
      baseVersion: loaded.version,
      event: { name: loaded.name, startDatetime: loaded.startDatetime, host: loaded.host, message: loaded.message, footer: loaded.footer, signupsAreOpen: true },
      signups,
      slots: signups.map((s) => buildSlot(s.uuid)),
      removedSignupUuids: [],
    } }, { as: staff });
    expect(saved.status).toBe(200);

    const detail = (await app.call(API.events.getEvent, { params: { eventId } }, { as: staff })).body;
    expect(detail.name).toBe(`Night ${MARKUP}`);
    expect(detail.host).toBe(`Host ${MARKUP}`);
    expect(detail.signups.map((s) => s.name)).toEqual([`Act ${MARKUP}`, `Staff ${MARKUP}`]);
    expect(detail.djs[dj.body.id]).toMatchObject({ djName: `DJ ${MARKUP}`, publicName: `Public ${MARKUP}` });

    const roster = (await app.call(API.djs.getRoster, {}, { as: staff })).body;
    expect(roster.djs.map((d) => d.djName)).toEqual(expect.arrayContaining([`DJ ${MARKUP}`, `Self ${MARKUP}`]));
    const events = (await app.call(API.events.listEvents, {}, { as: staff })).body;
    expect(events.map((e) => e.name)).toContain(`Night ${MARKUP}`);

    const texts = {
      discord: discordAnnouncement(detail, detail.djs, { announcementRoleIds: [] }),
      social: socialAnnouncement(detail, detail.djs),
      verify: verifyLineupMessage(detail, detail.djs),
      signupSheet: signupSheetMessage(detail, 'https://lineup.example.org/signup'),
    };
    for (const [name, text] of Object.entries(texts)) {
      expect(text, name).toContain(`Night ${MARKUP}`);
      expect(text, name).not.toContain('&lt;');
    }
    for (const name of ['discord', 'social', 'verify'] as const) {
      expect(texts[name], name).toContain(`Act ${MARKUP}`);
      expect(texts[name], name).toContain(`Staff ${MARKUP}`);
    }
  });

  test('a name with a line break or a control character is refused with a message, wherever a name is typed', async () => {
    const staff = await app.signIn(['admin', 'host']);
    const event = { name: 'Night', startDatetime: '2030-06-16T19:00:00.000Z', host: 'Hal', message: 'Multi\nline is fine here', footer: '', signupsAreOpen: true };
    const created = await app.call(API.events.createEvent, { body: event }, { as: staff });
    expect(created.status).toBe(201);
    const eventId = created.body.id;
    const dj = { discordId: '223456789012345678', publicName: 'Pat', djName: 'Pat DJ', rtmpUrl: '', twitchUsername: '' };
    const djSession = await app.signIn(['dj']);
    const refused: Array<[Contract, unknown, string, SignedIn?]> = [
      [API.events.createEvent, { ...event, name: 'Night\n@everyone' }, 'Event name must be one line'],
      [API.events.createEvent, { ...event, host: 'Hal\u0007' }, 'Host must be one line'],
      [API.events.createEvent, { ...event, name: 'Night \u202Eenilno' }, 'Event name must not contain invisible text-direction characters'],
      [API.djs.createDj, { ...dj, djName: 'Pat\r\n# Heading' }, 'Dj Name must be one line'],
      [API.djs.createDj, { ...dj, publicName: 'Pat\u2028' + 'x' }, 'Public name must be one line'],
      [API.signup.submitSignup, intake(eventId, { name: 'Act\n@here' }), 'Name must be one line', djSession],
      [API.signup.submitSignup, intake(eventId, { is_b2b: true, b2b_members_response: 'Mia\nRex' }), 'Other B2B members must be one line', djSession],
      // Not text at all (they made the lineup image fail).
      [API.events.createEvent, { ...event, name: 'Night \uFFFF' }, 'Event name contains a character that is not text (such as U+FFFF); type it in again rather than pasting it.'],
      [API.events.createEvent, { ...event, host: 'Hal\uFDD0' }, 'Host contains a character that is not text'],
      [API.djs.createDj, { ...dj, djName: 'Pat\uFFFE' }, 'Dj Name contains a character that is not text'],
      [API.djs.createDj, { ...dj, publicName: 'Pat\uD83D' }, 'Public name contains a character that is not text'],
      [API.signup.submitSignup, intake(eventId, { name: 'Act \u{10FFFF}' }), 'Name contains a character that is not text', djSession],
      [API.signup.submitSignup, intake(eventId, { is_b2b: true, b2b_members_response: 'Mia, \uFFFERex' }), 'Other B2B members contains a character that is not text', djSession],
    ];
    for (const [contract, body, message, as = staff] of refused) {
      const response = await app.call(contract, malformed({ body }), { as });
      expect(response.status, message).toBe(400);
      expect(response.error.message, message).toContain(message);
    }
    const loaded = (await app.call(API.events.getEvent, { params: { eventId } }, { as: staff })).body;
    const save = (signupName: string) =>
      app.call(API.events.saveEvent, { params: { eventId }, body: {
        baseVersion: loaded.version,
        event,
        signups: [{ uuid: crypto.randomUUID(), name: signupName, djRefs: [], isDebut: false, requestedDuration: 1, type: 'LIVE' }],
        slots: [],
        removedSignupUuids: [],
      } }, { as: staff });
    const badSave = await save('Act\n<@&1>');
    expect(badSave.status).toBe(400);
    expect(badSave.error.message).toContain('Signup name must be one line');
    const nonText = await save('Act \uFFFE');
    expect(nonText.status).toBe(400);
    expect(nonText.error.message).toContain('Signup name contains a character that is not text');
    const stored = (await app.call(API.events.getEvent, { params: { eventId } }, { as: staff })).body;
    expect(stored.version).toBe(loaded.version);
    expect(stored.signups).toEqual([]);
  });
});
