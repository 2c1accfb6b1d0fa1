import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildMissingMessage } from '../src/plugins/static-spa.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('with a built web app', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'portal-test-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), indexHtml);
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app");');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/services', '/services/2', '/services/999', '/contact', '/services?x=1'])(
    'answers the page %s with the SPA and 200, revalidated on every visit',
    async (url) => {
      const response = await testApp.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    },
  );

  it.each(['/no-such-page', '/services/2/extra', '/administrator'])(
    'answers %s, which is no page, with the SPA and 404',
    async (url) => {
      const response = await testApp.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(indexHtml);
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await testApp.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app");');
  });

  it('serves other built files revalidated', async () => {
    const response = await testApp.app.inject('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown /api paths JSON', async () => {
    const response = await testApp.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.routeNotFound });
  });

  it('sends the security headers with pages, assets and API answers', async () => {
    for (const url of [
      '/',
      '/no-such-page',
      '/assets/index-abc123.js',
      '/api/services',
      '/api/nothing-here',
    ]) {
      expectSecurityHeaders((await testApp.app.inject(url)).headers);
    }
  });
});

describe('without a built web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ env: { WEB_DIST_DIR: join(tmpdir(), 'portal-missing-dist-xyz') } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('starts, and answers pages with 503 and how to build', async () => {
    const response = await testApp.app.inject('/services');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe(webBuildMissingMessage);
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const response = await testApp.app.inject('/api/services');
    expect(response.statusCode).toBe(200);
  });
});
