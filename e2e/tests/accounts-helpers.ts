import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { businessDay, ownClientAddress } from './fixtures.ts';

/** Test accounts' shared password: long enough, and not on the common-password list. */
export const password = 'Tangerine-Orbit-42';

/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

interface Mail {
  subject: string;
  /** Where a reply goes, when not to the sender (the firm's copy of a contact-form message). */
  replyTo: string | null;
  text: string;
  links: string[];
  /** The calendar part (invite.ics), when the e-mail has one. */
  icalEvent: { method: string; content: string } | null;
}

/** The newest e-mail to `to` in the dev mailbox whose subject matches, waiting for the outbox to deliver it. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail/latest?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return undefined;
        mail = (await response.json()) as Mail;
        return mail.subject;
      },
      { timeout: 15_000, message: `an e-mail to ${to} matching ${subject}` },
    )
    .toMatch(subject);
  if (!mail) throw new Error('no mail');
  return mail;
}

/** The link of an e-mail that leads to `path` (e.g. the verification or reset link), relative to the site. */
export function linkTo(mail: Mail, path: RegExp): string {
  const link = mail.links.find((candidate) => path.test(candidate));
  if (!link) throw new Error(`no link matching ${path} in: ${mail.links.join(', ')}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/**
 * A challenge of the server (GET /api/challenge), solved as the browser's widget solves it: the `altcha` field
 * sign-up and the contact form require (docs/product.md#the-person-check).
 */
export async function solvedChallenge(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge could not be solved');
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}

/** State-changing calls to the accounts library carry the site's Origin, as a browser's would. */
export function origin(page: Page): Record<string, string> {
  return { Origin: new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin };
}

/**
 * An account made through the API (the journeys test the screens elsewhere): signed up, verified through the
 * e-mail's link (which never signs in), signed in in the page's browser context with its password, and, unless
 * `profile` is false, with a profile.
 */
export async function createAccount(
  page: Page,
  options: { email?: string; profile?: boolean; firstName?: string } = {},
): Promise<{ email: string; firstName: string }> {
  const email = options.email ?? uniqueEmail();
  const firstName = options.firstName ?? 'Casey';
  // Settled: the app (which starts after the first paint) has asked for the session before the account exists, and
  // does not ask for a profile while the requests below are halfway.
  await page.goto('/', { waitUntil: 'networkidle' });
  const signUp = await page.request.post('/api/identity/sign-up/email', {
    data: { email, password, name: '', altcha: await solvedChallenge(page.request) },
    headers: { ...origin(page), ...ownClientAddress() },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const mail = await latestMail(page.request, email, /verify/i);
  await page.request.get(linkTo(mail, /verify-email/));
  const signIn = await page.request.post('/api/identity/sign-in/email', {
    data: { email, password },
    headers: { ...origin(page), ...ownClientAddress() },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  if (options.profile !== false) {
    const saved = await page.request.put('/api/auth/profile', {
      data: { firstName, lastName: 'Tester', phone: '', company: '' },
      headers: origin(page),
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return { email, firstName };
}

/**
 * Makes an account an administrator with the operator command the README shows, on the shared portal unless told
 * the data folder of a journey's own (`startOwnPortal`).
 */
export function makeAdmin(email: string, dataDir = process.env.E2E_DATA_DIR): void {
  execFileSync('npm', ['run', '--silent', 'set-role', '--', email, 'admin'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
}

/**
 * A consultation of `serviceId` that `client` (signed in, with a profile) books through the API in a free slot some
 * weeks ahead (so that any notice allows changing it): pending.
 */
export async function bookedConsultation(
  client: Page,
  serviceId: number,
  projectDescription: string,
): Promise<{ id: number; confirmation_code: string }> {
  for (let days = 28; days < 70; days++) {
    const answer = await client.request.get(
      `/api/services/${serviceId}/availability?date=${businessDay(days)}`,
    );
    const { slots } = (await answer.json()) as { slots: { starts_at: string; available: boolean }[] };
    const free = slots.find((slot) => slot.available);
    if (!free) continue;
    const created = await client.request.post('/api/bookings', {
      data: { serviceId, startsAt: free.starts_at, projectDescription },
      headers: origin(client),
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { booking: { id: number; confirmation_code: string } }).booking;
  }
  throw new Error('no free slot found');
}

/**
 * A consultation booked as `bookedConsultation` does, that `admin` (an administrator) then marks completed in All
 * Bookings: one its client may review.
 */
export async function completedConsultation(
  client: Page,
  admin: Page,
  serviceId: number,
  projectDescription: string,
): Promise<{ id: number; confirmation_code: string }> {
  const booking = await bookedConsultation(client, serviceId, projectDescription);
  // The administrator marks it completed with its status control in All Bookings, as the firm does.
  await admin.goto(`/admin/bookings?bookingId=${booking.id}`);
  const status = admin.getByLabel(`Status of booking ${booking.confirmation_code}`);
  await expect(status).toHaveValue('pending');
  await status.selectOption('completed');
  await admin
    .getByRole('button', { name: `Apply the new status to booking ${booking.confirmation_code}` })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark Completed' }).click();
  await expect(admin.getByText('Booking completed successfully')).toBeVisible();
  await expect(status).toHaveValue('completed');
  return booking;
}
