import { API } from '@shared/api/index.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// A signup stored before an answer existed, or with an answer that no longer reads, still shows
// everything else the DJ told us, to the DJ and to staff; what does not read is logged.

describe.each(testDialects)('stored answers on %s', (dialect) => {
  let app: TestApp;
  const logLines: string[] = [];
  beforeEach(async () => {
    logLines.length = 0;
    app = await startTestApp(dialect, {}, { logLines });
  });
  afterEach(async () => {
    await app.destroy();
  });

  test('an old row without an answer, and one whose answer no longer reads, still show all their other answers', async () => {
    const eventId = await insertOpenEvent(app.ctx.store.db);
    const dj = await app.signIn(['dj']);
    const host = await app.signIn(['host']);
    const submitted = await app.call(
      API.signup.submitSignup,
      { body: intake(eventId, { name: 'Dana Old', dj_notes: 'Bring the long cable', stream_link: 'rtmp://dana.example/live/key' }) },
      { as: dj },
    );
    expect(submitted.status).toBe(200);

    // As a row written before "Other B2B members" existed, and with a duration of a shape no rule knows.
    const row = await app.ctx.store.db.selectFrom('signups').select(['uuid', 'form_data']).where('event_id', '=', eventId).executeTakeFirstOrThrow();
    const { b2b_members_response: _dropped, ...older } = JSON.parse(row.form_data!) as Record<string, unknown>;
    await app.ctx.store.db
      .updateTable('signups')
      .set({ form_data: JSON.stringify({ ...older, requested_duration: 'all night' }) })
      .where('uuid', '=', row.uuid)
      .execute();

    const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
    expect(area.status).toBe(200);
    expect(area.body.signup).toMatchObject({
      name: 'Dana Old',
      dj_notes: 'Bring the long cable',
      stream_link: 'rtmp://dana.example/live/key',
      b2b_members_response: '',
      requested_duration: 1,
    });

    const event = await app.call(API.events.getEvent, { params: { eventId } }, { as: host });
    expect(event.status).toBe(200);
    expect(event.body.signups[0]!.formData).toMatchObject({ name: 'Dana Old', dj_notes: 'Bring the long cable', b2b_members_response: '' });

    // Only the answer that did not read is reported, naming the signup; the missing one is simply new.
    const warnings = logLines.map((line) => JSON.parse(line) as { msg: string; signupUuid?: string; unreadable?: string[] }).filter((line) => line.signupUuid === row.uuid);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]!.unreadable).toEqual(['requested_duration']);
  });
});
