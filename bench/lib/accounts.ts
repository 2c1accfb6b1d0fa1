// Accounts for the benchmarks that need one: signed up through the API, verified in the database.
import { apiPaths } from '@portal/domain';
import pg from 'pg';
import { productionEnv } from './settings.ts';

/**
 * A verified account with a completed profile, signed in with a bearer token. Verified (and given its role) in the
 * database: production has no dev mailbox.
 */
export async function verifiedAccount(
  base: string,
  databaseUrl: string,
  email: string,
  role: 'client' | 'admin',
): Promise<string> {
  const password = 'bench-Password-2026';
  // Signed up as the portal's page does; signed in as an API client, which gets the signed bearer token.
  const json = { 'content-type': 'application/json' };
  const signUp = await fetch(`${base}${apiPaths.accounts.signUp}`, {
    method: 'POST',
    headers: { ...json, origin: productionEnv.APP_URL },
    body: JSON.stringify({ email, password }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  await database.query('UPDATE users SET email_verified = true, role = $2 WHERE email = $1', [email, role]);
  await database.end();
  // Node's fetch as it is (no Origin) is an API client.
  const signIn = await fetch(`${base}${apiPaths.accounts.signIn}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const token = signIn.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const profile = await fetch(`${base}${apiPaths.accounts.profile}`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Bench', lastName: role === 'admin' ? 'Admin' : 'Client' }),
  });
  if (!profile.ok) throw new Error(`profile failed: ${profile.status} ${await profile.text()}`);
  return token;
}
