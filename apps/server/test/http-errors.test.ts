import { apiErrorBodySchema, messages } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Conflict, Forbidden } from '../src/lib/errors.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

// These tests add routes of their own to the real app, so that they depend on no product route: what is under test
// is the app's parsing, limits and its one error handler, which every route shares.
function addProbeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/probe',
    { schema: { body: z.object({ projectDescription: z.string().min(20, 'too short') }) } },
    async (request) => ({ length: request.body.projectDescription.length }),
  );
  routes.post('/api/probe/conflict', async () => {
    throw new Conflict('That slot is taken');
  });
  routes.post('/api/probe/forbidden', async () => {
    throw new Forbidden('Not yours');
  });
  routes.get('/api/probe/crash', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ prepare: addProbeRoutes });
});
afterAll(async () => {
  await testApp?.close();
});

function expectErrorBody(body: string) {
  return apiErrorBodySchema.parse(JSON.parse(body));
}

describe('unknown API routes', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const)('answer %s with 404 JSON', async (method) => {
    const response = await testApp.app.inject({ method, url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: messages.routeNotFound });
  });

  it('answers a method the route does not have with 404 JSON, not the SPA', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/services/1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.routeNotFound });
  });
});

describe('malformed input', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"projectDescription": ',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response.body).message).toBe('The request body is not valid JSON');
  });

  it('answers an empty JSON body with 400 JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.body);
  });

  it('answers an unsupported content type with 415 JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'text/xml' },
      payload: '<projectDescription/>',
    });
    expect(response.statusCode).toBe(415);
    expect(expectErrorBody(response.body).message).toBe('Unsupported content type');
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ projectDescription: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(expectErrorBody(response.body).message).toBe('The request body is too large');
  });

  it('answers a body that breaks the schema with 400, each field error, and the first one as the message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { projectDescription: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'too short',
      errors: [{ path: 'projectDescription', msg: 'too short' }],
    });
  });

  it('answers a URL with broken percent-encoding with 400 JSON', async () => {
    const response = await testApp.app.inject('/api/services/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.body);
  });
});

describe('the error handler', () => {
  it('maps a Conflict thrown by a service to 409 with its message', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'That slot is taken' });
  });

  it('maps Forbidden to 403', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/probe/forbidden' });
    expect(response.statusCode).toBe(403);
    expectErrorBody(response.body);
  });

  it('answers an unexpected failure with 500 and a generic message, never the details', async () => {
    const response = await testApp.app.inject('/api/probe/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: messages.internalError });
    expect(response.body).not.toContain('secret');
  });
});

describe('request ids', () => {
  it('echoes a well-formed incoming x-request-id', async () => {
    const response = await testApp.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('generates a fresh id when none or a malformed one comes in', async () => {
    const plain = await testApp.app.inject('/api/health');
    const hostile = await testApp.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'a b\n{"level":60}' },
    });
    for (const response of [plain, hostile]) {
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(plain.headers['x-request-id']).not.toBe(hostile.headers['x-request-id']);
  });
});

describe('the access log', () => {
  it('never carries the tokens of e-mailed links', async () => {
    const { redactTokens } = await import('../src/plugins/logging.ts');
    expect(redactTokens('/api/identity/verify-email?token=abc.def&callbackURL=http%3A%2F%2Fx')).toBe(
      '/api/identity/verify-email?token=[redacted]&callbackURL=[redacted]',
    );
    expect(redactTokens('/api/identity/reset-password/secret-token?callbackURL=x')).toBe(
      '/api/identity/reset-password/[redacted]?callbackURL=[redacted]',
    );
  });
});
