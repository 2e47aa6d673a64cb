import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { API } from '@shared/api/index.js';
import { RawBody, malformed } from '@shared/testing/api-client.js';

describe.each(testDialects)('web hardening on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('responses carry a strict Content-Security-Policy and the other security headers', async () => {
    const { headers } = await app.request('GET', '/healthz');
    const csp = headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['script-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('same-origin');
  });

  test('a request body over the limit gets 413 with a message', async () => {
    const { cookie } = await app.signIn(['admin']);
    const response = await app.call(API.djs.createDj, malformed({ body: { djName: 'x'.repeat(1024 * 1024) } }), { as: { cookie } });
    expect(response.status).toBe(413);
    expect(response.error).toEqual({ code: 'too_large', message: 'The request is too large.' });
  });

  test('malformed JSON gets 400 with a message, not a stack trace', async () => {
    const { cookie } = await app.signIn(['admin']);
    const response = await app.call(API.djs.createDj, malformed({ body: new RawBody('{"djName": ') }), { as: { cookie } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.error)).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(response.error.message).toBeTruthy();
  });

  test('a cross-site POST is refused before it reaches the handler', async () => {
    const { cookie } = await app.signIn(['admin']);
    const response = await app.call(API.djs.createDj, malformed({ body: { djName: 'Mallory', publicName: 'Mallory', discordId: '123456789012345678' } }), { as: { cookie }, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const djs = await app.ctx.store.db.selectFrom('djs').select('dj_name').where('dj_name', '=', 'Mallory').execute();
    expect(djs).toHaveLength(0);
  });
});
