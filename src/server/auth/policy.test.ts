import type { Role } from '../../shared/domain.js';
import { type Access, API_POLICY, hasAccess } from '../../shared/policy.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Walks the policy table: every API route exists, refuses a request without a session (401)
// and one whose session lacks the role (403), before it looks at the request's data.

const routes = Object.entries(API_POLICY as Record<string, Access>).map(([key, access]) => {
  const [method, pattern] = key.split(' ') as [string, string];
  return { key, method, pattern, url: pattern.replace(/:\w+/g, 'x'), access };
});

/** The richest set of roles that still lacks the access, so the 403 is about the role alone. */
function lackingRoles(access: Access): Role[] | undefined {
  const candidates: Role[][] = [['admin', 'host', 'dj'], ['admin', 'dj'], ['host', 'dj'], ['dj'], ['admin'], []];
  return candidates.find((roles) => !hasAccess(roles, access));
}

describe.each(testDialects)('the policy table on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test.each(routes)('$key is a registered route', ({ method, pattern }) => {
    expect(app.app.hasRoute({ method: method as 'GET', url: pattern })).toBe(true);
  });

  test.each(routes.filter((r) => r.access !== 'public'))('$key answers 401 without a session', async ({ method, url }) => {
    const response = await app.request<{ message: string }>(method, url, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('You are not authenticated. Please log in to access this page.');
  });

  const roleGated = routes.filter((r) => r.access !== 'public' && r.access !== 'signedIn');
  test.each(roleGated)('$key answers 403 to a session lacking its role ($access)', async ({ method, url, access }) => {
    const roles = lackingRoles(access)!;
    const { cookie } = await app.signIn(roles);
    const response = await app.request<{ message: string }>(method, url, { cookie, ...(method === 'GET' ? {} : { body: {} }) });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('You do not have the required permissions to view this content.');
  });

  test('a signed-in person without roles may read only their own profile', async () => {
    const { cookie } = await app.signIn([]);
    expect((await app.request('GET', '/api/me', { cookie })).status).toBe(200);
  });
});
