import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contract } from '@shared/api/contract.js';
import { signupAreaSchema } from '@shared/schemas/signup.js';
import { registerEndpoint } from './endpoint.js';

// What leaves the server is what the contract's response schema names: a handler that returns
// more (a mistake, or another DJ's data joined in by a query) has the rest dropped on the way out.

const area = contract({
  method: 'GET',
  path: '/api/test-area',
  access: 'public',
  response: signupAreaSchema,
  errors: [],
});

const cachedArea = contract({ ...area, path: '/api/test-area-cached' });

/** The signup area as its schema names it. */
const AREA: z.infer<typeof signupAreaSchema> = {
  event: { id: 'e1', name: 'Night', startDatetime: '2030-06-09T19:00:00.000Z', signupsAreOpen: true, cancelled: false, full: false, host: 'Hal' },
  dj: { id: 'd1', djName: 'Me', publicName: 'Me' },
  signup: null,
  named: null,
  contactHostName: 'Hal',
  closesAt: null,
  seriesZone: 'Europe/London',
  previousStreamLinks: [],
};

/** The signup area as a careless handler might build it: other DJs' data mixed in. */
const leaky = () => ({
  ...AREA,
  event: { ...AREA.event, message: 'staff-only' },
  dj: { ...AREA.dj, discordId: '123456789012345678', rtmpUrl: 'rtmp://mine/key' },
  otherSignups: [{ name: 'Rival', stream_link: 'rtmp://rival.example/live/secret-key' }],
});

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  register(app);
  await app.ready();
  return app;
}

test('fields a handler returns beyond the response schema never leave the server', async () => {
  const app = await appWith((app) => registerEndpoint(app, area, () => leaky() as unknown as z.infer<typeof signupAreaSchema>));
  const response = await app.inject({ method: 'GET', url: '/api/test-area' });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain('secret-key');
  expect(response.body).not.toContain('staff-only');
  expect(response.body).not.toContain('rtmp://mine');
  expect(JSON.parse(response.body)).toEqual(AREA);
  await app.close();
});

test('a cached answer is shaped by the same schema before it is kept', async () => {
  const store = { dataVersion: () => 'v1' };
  const app = await appWith((app) =>
    registerEndpoint(app, cachedArea, () => leaky() as unknown as z.infer<typeof signupAreaSchema>, { cache: { store, capacity: 1, key: () => 'k' } }),
  );
  for (const _ of [1, 2]) {
    const response = await app.inject({ method: 'GET', url: '/api/test-area-cached' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).not.toContain('secret-key');
    expect(Object.keys(JSON.parse(response.body)).sort()).toEqual(['closesAt', 'contactHostName', 'dj', 'event', 'named', 'previousStreamLinks', 'seriesZone', 'signup']);
  }
  await app.close();
});

test('an answer missing a field its schema requires is a server error, not a partial answer', async () => {
  const broken = contract({ ...area, path: '/api/test-broken', response: z.object({ id: z.string() }) });
  const app = await appWith((app) => registerEndpoint(app, broken, () => ({}) as { id: string }));
  const response = await app.inject({ method: 'GET', url: '/api/test-broken' });
  expect(response.statusCode).toBe(500);
  await app.close();
});
