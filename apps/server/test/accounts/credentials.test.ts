// Tokens kept only as hashes (docs/decisions/040).
import { accountErrorCodes } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../src/db/schema.ts';
import { freshIp, identity, verifiedAccount } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

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

async function signIn(email: string, password: string) {
  return identity(testApp.app, 'POST', '/sign-in/email', { email, password }, { ip: freshIp() });
}

/** Asks for a reset link and reads its token from the e-mail (the `nth` reset e-mail to the address, from 0). */
async function resetToken(email: string, nth: number): Promise<string> {
  const asked = await identity(testApp.app, 'POST', '/request-password-reset', { email }, { ip: freshIp() });
  expect(asked.statusCode).toBe(200);
  const message = await mail.waitFor(email, { subject: /Reset/, after: nth });
  return new URL(linkIn(message, '/reset-password?token=')).searchParams.get('token') ?? '';
}

function resetPassword(token: string, newPassword: string) {
  return identity(testApp.app, 'POST', '/reset-password', { token, newPassword }, { ip: freshIp() });
}

describe('reset links in the database', () => {
  it('are kept only as hashes: no stored value works as a link, the e-mailed one does', async () => {
    const email = 'hashed-reset@example.com';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const token = await resetToken(email, 0);

    const rows = await testApp.app.db.select().from(verifications);
    const stored = rows.filter((row) => row.identifier.includes('reset-password:'));
    expect(stored).toHaveLength(1);
    const [row] = stored;
    if (!row) throw new Error('no reset row');
    expect(rows.some((candidate) => `${candidate.identifier}${candidate.value}`.includes(token))).toBe(false);
    const suffixes = row.identifier.split(':').map((_, at, parts) => parts.slice(at).join(':'));
    for (const guess of [...suffixes, row.value, row.id]) {
      const refused = await resetPassword(guess, 'stolen-password-9');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: accountErrorCodes.invalidToken });
    }
    expect((await resetPassword(token, 'second-password-2')).statusCode).toBe(200);
    expect((await signIn(email, 'second-password-2')).statusCode).toBe(200);
  });
});
