import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// Project `server-postgres`: the test files whose claims depend on PostgreSQL itself run again on it
// (docs/decisions/005). The run migrates a template database of its own on the server named by TEST_DATABASE_URL;
// each file copies it into a database of its own and drops that afterwards, so parallel runs never collide. Include
// this project only when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-postgres',
    env: { PORTAL_TEST_DRIVER: 'postgres' },
    include: [
      // Races: PGlite has one connection, so only PostgreSQL runs transactions side by side.
      'test/**/*concurrency*.test.ts',
      'test/bookings/address-limit.test.ts',
      'test/bookings/fair-use.test.ts',
      'test/limits.test.ts',
      // The database layer, migrations and seeding, and the processes sharing one database.
      'test/db/**/*.test.ts',
      'test/deploy/**/*.test.ts',
      'test/catalogue/catalogue-seed.test.ts',
      'test/accounts/set-role.test.ts',
      // Two-factor sign-in: the plugin's counters and one-time codes through the driver and the adapter.
      'test/accounts/two-factor.test.ts',
      // Sessions ended through one process, refused by another; a change of password ending the others.
      'test/accounts/sessions.test.ts',
      'test/accounts/change-password.test.ts',
      // Jobs that claim rows under locks (reminders, housekeeping) and the schedule's database-side rules.
      'test/reminders/*.test.ts',
      'test/housekeeping/*.test.ts',
      'test/schedule/schedule.test.ts',
      // Several servers on one database: caches told of changes through it.
      'test/catalogue/catalogue-admin.test.ts',
      'test/contact/contact.test.ts',
      'test/pages/link-previews.test.ts',
      'test/reviews/reviews.test.ts',
      // Money: invoices issued in the confirming transaction, and their immutability, on the production engine.
      'test/billing/invoices.test.ts',
      // Card payments: Stripe's calls inside the status change's transaction, webhooks handled once.
      'test/payments/card-payments.test.ts',
      // The billing details invoices copy: saved under a row lock, read by every server from the database.
      'test/billing/billing-details.test.ts',
      // The dashboard's money: date-bounded sums over invoices, payments and credit notes.
      'test/admin/admin-stats-money.test.ts',
      // A booking's documents: bytea through the driver, served by another process, the count under a row lock.
      'test/bookings/booking-files.test.ts',
      // The conversation: a burst's letter gathered under a lock, sent once by the processes' mail workers.
      'test/bookings/conversation.test.ts',
      // The meeting place and the summary: the summary's letter sent once however many writers save at once.
      'test/bookings/meeting-and-summary.test.ts',
      // Intake questions: the answers' copy kept in jsonb, the catalogue's cache told of edits, the largest bodies.
      'test/catalogue/service-questions.test.ts',
      // The data export: one transaction of reads across every table, bytea streamed into the zip.
      'test/account-data/export.test.ts',
      // The erasure: one transaction under the account's row lock (two at once: one wins), every table searched.
      'test/account-data/erasure.test.ts',
      // The legal pages' settings from the firm's row in every process, consents, and the cookies really set.
      'test/legal/legal.test.ts',
      'test/legal/cookies.test.ts',
      // Odd bodies and queries through the PostgreSQL driver and pool (fewer than on PGlite: the same engine).
      'test/security/fuzz.test.ts',
      'test/security/fuzz-reads.test.ts',
    ],
  },
});
