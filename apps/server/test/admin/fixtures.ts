// The admin tests' people and bookings: an administrator and clients signed in through the accounts library,
// bookings written straight into the database with the moments and statuses a test needs.
import { type BookingStatus, zonedInstant } from '@portal/domain';
import { min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, consultantServices } from '../../src/db/schema.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import type { TestApp } from '../helpers/build-test-app.ts';

export async function signedInAdmin(testApp: TestApp, email: string): Promise<Client> {
  const admin = await signedInClient(testApp, email, { firstName: 'Ada', lastName: 'Admin' });
  await setRole(testApp.app.db, email, 'admin');
  return admin;
}

/** The instant a wall clock in `timeZone` reads `date` `time` ('HH:MM' or 'HH:MM:SS'). */
export function wallClock(date: string, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  const instant = zonedInstant(date, hours * 60 + minutes, timeZone);
  if (!instant) throw new Error(`${date} ${time} does not happen in ${timeZone}`);
  return new Date(instant.getTime() + seconds * 1000);
}

let slotCounter = 0;

export interface SeededBooking {
  userId: string;
  createdAt: Date;
  status?: BookingStatus;
  serviceId?: number;
  /** By default the service's consultant of the lowest id (for a seed service, the seed's own). */
  consultantId?: number;
  totalCost?: number;
  /** By default each booking gets an hour of its own (far in the future), so active ones never overlap. */
  startsAt?: Date;
  projectDescription?: string;
  additionalNotes?: string | null;
}

/** Inserts bookings as they are given; returns their ids in the same order. */
export async function seedBookings(app: FastifyInstance, rows: SeededBooking[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const links = await app.db
    .select({ serviceId: consultantServices.serviceId, consultantId: min(consultantServices.consultantId) })
    .from(consultantServices)
    .groupBy(consultantServices.serviceId);
  const consultantOf = (serviceId: number) =>
    links.find((link) => link.serviceId === serviceId)?.consultantId ?? serviceId;
  const inserted = await app.db
    .insert(bookings)
    .values(
      rows.map((row) => {
        slotCounter += 1;
        const startsAt = row.startsAt ?? new Date(Date.UTC(2040, 0, 1, 0) + slotCounter * 3_600_000);
        return {
          userId: row.userId,
          serviceId: row.serviceId ?? 1,
          consultantId: row.consultantId ?? consultantOf(row.serviceId ?? 1),
          status: row.status ?? 'pending',
          projectDescription: row.projectDescription ?? 'A seeded booking for the admin tests.',
          urgency: 'normal' as const,
          preferredContact: 'email' as const,
          additionalNotes: row.additionalNotes ?? null,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          blockedUntil: new Date(startsAt.getTime() + 3_600_000),
          hourlyRate: row.totalCost ?? 100,
          durationMinutes: 60,
          totalCost: row.totalCost ?? 100,
          amountCents: (row.totalCost ?? 100) * 100,
          currency: 'usd',
          meetingUrl: `https://meet.example.com/seeded-${slotCounter}`,
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
        };
      }),
    )
    .returning({ id: bookings.id });
  return inserted.map((row) => row.id);
}
