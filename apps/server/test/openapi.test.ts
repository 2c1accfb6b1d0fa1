import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the route schemas at /api/docs/json', async () => {
    const response = await testApp.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: unknown[] }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/services', '/api/services/{id}']),
    );
    const detail = document.paths['/api/services/{id}']?.get;
    expect(Object.keys(detail?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(detail?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  it('serves the browsable UI at /api/docs under the security policy', async () => {
    const response = await testApp.app.inject('/api/docs');
    const page =
      response.statusCode === 302 ? await testApp.app.inject(String(response.headers.location)) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
