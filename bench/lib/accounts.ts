// Accounts for the benchmarks that need one: signed up through the API, verified in the database.
import { request } from 'node:http';
import { apiPaths } from '@portal/domain';
import pg from 'pg';
import { productionEnv } from './settings.ts';

/**
 * POSTs JSON as an API client does: Node's fetch adds the browser's Sec-Fetch-* headers, which make the accounts
 * service treat the request as a browser's (no bearer token for it), so this goes through node:http.
 */
function postAsApiClient(url: string, body: object): Promise<{ status: number; headers: Headers }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (answer) => {
        answer.resume();
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        answer.on('end', () => done({ status: answer.statusCode ?? 0, headers }));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(JSON.stringify(body));
  });
}

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
  const signIn = await postAsApiClient(`${base}${apiPaths.accounts.signIn}`, { email, password });
  const token = signIn.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
  const profile = await fetch(`${base}${apiPaths.accounts.profile}`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Bench', lastName: role === 'admin' ? 'Admin' : 'Client' }),
  });
  if (!profile.ok) throw new Error(`profile failed: ${profile.status} ${await profile.text()}`);
  return token;
}
