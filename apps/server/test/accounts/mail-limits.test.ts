// The per-mailbox limit of reset and verification e-mails (docs/product.md#limits): a mailbox is its address
// case-folded and without its `+tag`, counted whoever asks and from wherever; over the limit the answer is the same
// and no e-mail goes out.
import { accountMailsPerMailbox } from '@portal/domain';
import { and, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { freshIp, identity, verifiedAccount } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

let testApp: TestApp;
let mail: MailCapture;

beforeAll(async () => {
  mail = await startMailCapture();
  testApp = await buildTestApp({ env: { SMTP_URL: mail.url }, mail: { pollIntervalMs: 50 } });
});
afterAll(async () => {
  await testApp?.close();
  await mail?.close();
});

/** The e-mails written for these addresses whose subject contains `subject` (the outbox holds every one). */
async function mailsTo(addresses: string[], subject: string): Promise<number> {
  const rows = await testApp.app.db
    .select({ to: outbox.to })
    .from(outbox)
    .where(and(inArray(outbox.to, addresses), like(outbox.subject, `%${subject}%`)));
  return rows.length;
}

describe('reset e-mails per mailbox', () => {
  it(`sends at most ${accountMailsPerMailbox.max} an hour to one mailbox, +tags and case counted as one, and answers the same beyond`, async () => {
    const addresses = ['ann@example.com', 'ann+work@example.com'];
    for (const email of addresses) await verifiedAccount(testApp.app, email, 'tangerine-orbit-1');
    const asked = ['ann@example.com', 'Ann+Work@Example.com', 'ANN@example.com', 'ann+work@example.com'];
    const answers = [];
    for (const email of asked) {
      answers.push(
        await identity(testApp.app, 'POST', '/request-password-reset', { email }, { ip: freshIp() }),
      );
    }
    const unknown = await identity(
      testApp.app,
      'POST',
      '/request-password-reset',
      { email: 'nobody-here@example.com' },
      { ip: freshIp() },
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect(await mailsTo(addresses, 'Reset')).toBe(accountMailsPerMailbox.max);
    // Another mailbox is counted apart, and the reset e-mails never touched the verification e-mails' count.
    await verifiedAccount(testApp.app, 'annie@example.com', 'tangerine-orbit-1');
    await identity(
      testApp.app,
      'POST',
      '/request-password-reset',
      { email: 'annie@example.com' },
      { ip: freshIp() },
    );
    expect(await mailsTo(['annie@example.com'], 'Reset')).toBe(1);
    await identity(
      testApp.app,
      'POST',
      '/sign-up/email',
      { email: 'ann+new@example.com', password: 'tangerine-orbit-1' },
      { ip: freshIp() },
    );
    expect(await mailsTo(['ann+new@example.com'], 'Verify')).toBe(1);
  });
});

describe('verification e-mails per mailbox', () => {
  it(`sends at most ${accountMailsPerMailbox.max} an hour to one mailbox, sign-ups and resends alike, and answers the same beyond`, async () => {
    const password = 'tangerine-orbit-2';
    const signUp = (email: string) =>
      identity(testApp.app, 'POST', '/sign-up/email', { email, password }, { ip: freshIp() });
    const resend = (email: string) =>
      identity(testApp.app, 'POST', '/send-verification-email', { email }, { ip: freshIp() });

    const first = await signUp('bob@example.com');
    expect(first.statusCode).toBe(200);
    expect((await resend('Bob@Example.com')).statusCode).toBe(200);
    expect((await signUp('bob+shop@example.com')).statusCode).toBe(200);
    expect(await mailsTo(['bob@example.com', 'bob+shop@example.com'], 'Verify')).toBe(3);

    // Over the limit: the same answers as before, and nothing more in the mailbox.
    const over = await resend('bob+shop@example.com');
    expect(over.statusCode).toBe(200);
    expect(over.json()).toEqual({ status: true });
    const overSignUp = await signUp('bob+news@example.com');
    expect(overSignUp.statusCode).toBe(first.statusCode);
    expect(Object.keys(overSignUp.json().user).sort()).toEqual(Object.keys(first.json().user).sort());
    expect(await mailsTo(['bob@example.com', 'bob+shop@example.com', 'bob+news@example.com'], 'Verify')).toBe(
      3,
    );
  });
});
