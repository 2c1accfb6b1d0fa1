// Consultants and services an administrator adds through the API, for the tests of who delivers what.
import { apiPaths } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Client } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';

/** A consultant as the API answers it. */
export interface AddedConsultant {
  id: number;
  name: string;
  email: string;
}

/** A consultant `admin` adds (no services unless told); the test fails unless 201. */
export async function addConsultant(
  app: FastifyInstance,
  admin: Pick<Client, 'cookie'>,
  fields: { name: string; email: string; serviceIds?: number[] } & Record<string, unknown>,
): Promise<AddedConsultant> {
  const response = await api(
    app,
    'POST',
    apiPaths.consultants.admin,
    { cookie: admin.cookie },
    {
      serviceIds: [],
      ...fields,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ consultant: AddedConsultant }>().consultant;
}

/** A 60-minute service `admin` adds, delivered by exactly `consultantIds`; the test fails unless 201. */
export async function addService(
  app: FastifyInstance,
  admin: Pick<Client, 'cookie'>,
  fields: { name: string; consultantIds: number[]; description?: string },
): Promise<{ id: number }> {
  const response = await api(
    app,
    'POST',
    apiPaths.catalogue.adminServices,
    { cookie: admin.cookie },
    {
      category: 'it-consulting',
      hourly_rate: 120,
      duration: 60,
      description: 'A service with consultants of its own.',
      ...fields,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ service: { id: number } }>().service;
}
