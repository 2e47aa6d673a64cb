import * as events from '@shared/api/events';
import * as signup from '@shared/api/signup';
import { SIGNUP_ANSWER_DEFAULTS } from '@shared/schemas/signup-answers';
import type { SignupIntake } from '@shared/schemas/signup-intake';
import { call } from './api';

// One press, one submission (issue 34): a write identical to one still on its way is not sent
// again, whoever asks; reads and different writes go out as asked.

const answers: Array<(response: Response) => void> = [];
const sent: Array<{ url: string; method: string; body: unknown }> = [];

beforeEach(() => {
  answers.length = 0;
  sent.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Promise<Response>((resolve) => answers.push(resolve));
  });
});
afterEach(async () => {
  // Whatever a test left on its way is answered, so no write stays in flight into the next test.
  for (const answer of answers) answer(ok({}));
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

const intake = (eventId: string): SignupIntake => ({ ...SIGNUP_ANSWER_DEFAULTS, event_id: eventId, name: 'DJ Dana', stream_link: 'rtmp://stream.example.org/live/key', confirm_expectations: true } as SignupIntake);
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

test('a double-clicked Submit sends the signup once, and both clicks get its answer', async () => {
  const body = intake('e1');
  const first = call(signup.submitSignup, { body });
  const second = call(signup.submitSignup, { body: { ...body } });
  expect(sent).toHaveLength(1);
  answers[0]!(ok({ signup: body }));
  expect(await first).toEqual({ signup: body });
  expect(await second).toEqual({ signup: body });
  // Once answered, the same write may be sent again (the server makes that one idempotent).
  void call(signup.submitSignup, { body });
  expect(sent).toHaveLength(2);
});

test('a failed write is shared too, and then free to be tried again', async () => {
  const body = { baseVersion: 3 };
  const first = call(events.publishEvent, { params: { eventId: 'e1' }, body });
  const second = call(events.publishEvent, { params: { eventId: 'e1' }, body });
  answers[0]!(new Response(JSON.stringify({ code: 'stale_version', message: 'Changed by someone else.' }), { status: 409 }));
  await expect(first).rejects.toMatchObject({ status: 409, code: 'stale_version' });
  await expect(second).rejects.toMatchObject({ status: 409 });
  void call(events.publishEvent, { params: { eventId: 'e1' }, body });
  expect(sent).toHaveLength(2);
});

test('different writes, writes to other events and reads all go out', () => {
  void call(events.publishEvent, { params: { eventId: 'e1' }, body: { baseVersion: 3 } });
  void call(events.publishEvent, { params: { eventId: 'e1' }, body: { baseVersion: 3, anyway: true } });
  void call(events.publishEvent, { params: { eventId: 'e2' }, body: { baseVersion: 3 } });
  void call(events.getEvent, { params: { eventId: 'e1' } });
  void call(events.getEvent, { params: { eventId: 'e1' } });
  expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
    'POST /api/events/e1/publish',
    'POST /api/events/e1/publish',
    'POST /api/events/e2/publish',
    'GET /api/events/e1',
    'GET /api/events/e1',
  ]);
});
