import {
  apiErrorBodySchema,
  messages,
  serviceCategories,
  serviceResponseSchema,
  servicesResponseSchema,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/services', () => {
  it('lists the four seeded services in id order, in the shape of the shared contract', async () => {
    const response = await testApp.app.inject('/api/services');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = servicesResponseSchema.parse(response.json());
    expect(body.services.map((service) => [service.id, service.category])).toEqual([
      [1, 'web-development'],
      [2, 'database-architecture'],
      [3, 'ai-solutions'],
      [4, 'it-consulting'],
    ]);
    expect(body.services.map((service) => service.category)).toEqual([...serviceCategories]);
    expect(body.services.map((service) => service.icon)).toEqual([
      'code',
      'database',
      'brain',
      'laptop-code',
    ]);
  });

  it('gives every service a whole-dollar rate, a duration (one of them 90 minutes) and full detail content', async () => {
    const { services } = servicesResponseSchema.parse((await testApp.app.inject('/api/services')).json());
    expect(services.map((service) => service.duration)).toContain(90);
    for (const service of services) {
      expect(Number.isInteger(service.hourly_rate) && service.hourly_rate > 0).toBe(true);
      expect([60, 90]).toContain(service.duration);
      expect(service.name.length).toBeGreaterThan(0);
      expect(service.description.length).toBeGreaterThan(40);
      expect(service.longDescription.length).toBeGreaterThan(service.description.length);
      expect(service.features.length).toBeGreaterThanOrEqual(5);
      expect(service.benefits.length).toBeGreaterThanOrEqual(4);
      expect(service.process.length).toBeGreaterThanOrEqual(4);
      expect(service.technologies.length).toBeGreaterThanOrEqual(5);
      expect(service.deliverables.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('answers the same bytes on every request (served from the serialized catalogue)', async () => {
    const first = await testApp.app.inject('/api/services');
    const second = await testApp.app.inject('/api/services');
    expect(second.body).toBe(first.body);
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.body));
  });
});

describe('GET /api/services/:id', () => {
  it('answers one service with its detail content', async () => {
    const response = await testApp.app.inject('/api/services/2');
    expect(response.statusCode).toBe(200);
    const { service } = serviceResponseSchema.parse(response.json());
    expect(service).toMatchObject({ id: 2, category: 'database-architecture', icon: 'database' });
    const list = servicesResponseSchema.parse((await testApp.app.inject('/api/services')).json());
    expect(service).toEqual(list.services[1]);
  });

  it("answers 404 'Service not found' for an id no service has", async () => {
    const response = await testApp.app.inject('/api/services/999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.serviceNotFound });
  });

  it.each([
    ['abc', 'Service id must be a number'],
    ['-1', 'Service id must be positive'],
    ['0', 'Service id must be positive'],
    ['1.5', 'Service id must be a whole number'],
    ['99999999999999', 'Service id is too large'],
  ])('refuses the id %s with 400 and the reason', async (id, reason) => {
    const response = await testApp.app.inject(`/api/services/${id}`);
    expect(response.statusCode).toBe(400);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.message).toBe(reason);
    expect(body.errors).toEqual([{ path: 'id', msg: reason }]);
  });
});
