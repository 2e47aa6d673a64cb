import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// What a browser receives for the built client: a stand-in build with the layout of dist/client
// and the copies scripts/precompress.mjs writes.
const SCRIPT = `console.log(${JSON.stringify('lineup '.repeat(200))});`;

const FONT = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));

function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>%APP_NAME%</title><script type="module" src="/assets/index-abc123.js"></script>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  const script = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  // A font: compressed already, so the build makes no copies of it.
  fs.writeFileSync(path.join(dir, 'assets', 'inter-abc123.woff2'), FONT);
  return dir;
}

/** The bytes as sent (fetch() would decompress them). */
function raw(app: TestApp, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .get(`${app.url}${url}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe.each(testDialects)('the built client on %s', (dialect) => {
  let app: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeBuild();
    app = await startTestApp(dialect, { APP_NAME: 'Sunday Service' }, { clientDir });
  });
  afterAll(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  test('a hashed script is sent as brotli when the browser accepts it, and kept for a year', async () => {
    const response = await raw(app, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.bytes).toString()).toBe(SCRIPT);
  });

  test('gzip for a browser without brotli, the file itself for one that accepts neither', async () => {
    const gzipped = await raw(app, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.bytes).toString()).toBe(SCRIPT);

    const plain = await raw(app, '/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.bytes.toString()).toBe(SCRIPT);
  });

  test("a hashed file goes out as the build's own copy, the same on every request, and a browser holding it gets a 304", async () => {
    const first = await raw(app, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const again = await raw(app, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(first.bytes.equals(fs.readFileSync(path.join(clientDir, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);

    const held = await raw(app, '/assets/index-abc123.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(held.status).toBe(304);
    expect(held.bytes.length).toBe(0);
  });

  test('a font, which the build made no copies of, goes out as it is to a browser that accepts brotli', async () => {
    const font = await raw(app, '/assets/inter-abc123.woff2', { 'accept-encoding': 'gzip, deflate, br' });
    expect(font.status).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.bytes.equals(FONT)).toBe(true);
  });

  test('the page is revalidated on each visit and answered 304 while unchanged', async () => {
    const page = await app.request<string>('GET', '/events/some-event');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.body).toContain('<title>Sunday Service</title>');
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();

    const again = await app.request('GET', '/djs', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  test('a file without a hash in its name is revalidated, not kept', async () => {
    const icon = await raw(app, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
    expect(icon.bytes.toString()).toContain('<svg');
  });

  test('the compressed copies and the build manifest are not files of their own', async () => {
    expect((await raw(app, '/assets/index-abc123.js.br')).status).toBe(404);
    expect((await raw(app, '/assets/missing-xyz.js', { 'accept-encoding': 'br' })).status).toBe(404);
    const manifest = await app.request<string>('GET', '/.vite/manifest.json');
    expect(manifest.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test('every answer carries the security headers, the same on each request', async () => {
    for (const url of ['/login', '/assets/index-abc123.js', '/healthz', '/api/nothing-here']) {
      const { headers } = await app.request('GET', url);
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('same-origin');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(headers.get('origin-agent-cluster')).toBe('?1');
      expect(headers.get('x-dns-prefetch-control')).toBe('off');
      expect(headers.get('x-download-options')).toBe('noopen');
      expect(headers.get('x-permitted-cross-domain-policies')).toBe('none');
      expect(headers.get('x-xss-protection')).toBe('0');
      // Served over plain HTTP (no https PUBLIC_URL): no HSTS, no upgrade of requests.
      expect(headers.get('strict-transport-security')).toBeNull();
      expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('security headers behind https', () => {
  test('an https PUBLIC_URL adds HSTS and upgrade-insecure-requests', async () => {
    const app = await startTestApp('sqlite', { PUBLIC_URL: 'https://lineup.example' });
    try {
      const { headers } = await app.request('GET', '/healthz');
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await app.destroy();
    }
  });
});
