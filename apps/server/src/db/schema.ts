import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const emptyTextArray = sql`'{}'::text[]`;

/** The service catalogue. Changed only by migrations and the seed; the API serves it from a cache. */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Whole US dollars per hour. */
    hourlyRate: integer('hourly_rate').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    description: text('description').notNull(),
    longDescription: text('long_description').notNull().default(''),
    features: text('features').array().notNull().default(emptyTextArray),
    benefits: text('benefits').array().notNull().default(emptyTextArray),
    process: text('process').array().notNull().default(emptyTextArray),
    technologies: text('technologies').array().notNull().default(emptyTextArray),
    deliverables: text('deliverables').array().notNull().default(emptyTextArray),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('services_hourly_rate_not_negative', sql`${table.hourlyRate} >= 0`),
    check('services_duration_positive', sql`${table.durationMinutes} > 0`),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
