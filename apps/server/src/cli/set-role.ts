// npm run set-role -- <email> <client|admin|consultant>
// Gives an account a role. With DATABASE_URL it updates PostgreSQL directly. With the embedded database it asks
// the running server through its local operator channel (DATA_DIR/operator.json), or, when no server runs,
// opens the embedded database itself (holding its lock, so a server cannot start on it meanwhile).
import { apiErrorBodySchema, apiPaths, isRole, roles } from '@portal/domain';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DatabaseLockedError } from '../db/lock.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { HttpError, NotFound } from '../lib/errors.ts';
import { operatorSecretHeader, readOperatorFile } from '../lib/operator-channel.ts';
import { noAccountMessage, noAccountWith, setRole } from '../modules/accounts/roles.service.ts';
import { seed } from '../modules/catalogue/catalogue.seed.ts';
import { roleChangeSchema } from '../modules/operator/operator.routes.ts';

const usage = `Usage: npm run set-role -- <email> <${roles.join('|')}>`;

class CommandError extends Error {}

async function viaServer(config: Config, email: string, role: string): Promise<string | undefined> {
  const channel = readOperatorFile(config.dataDir);
  if (!channel) return undefined;
  let response: Response;
  try {
    response = await fetch(`${channel.url}${apiPaths.operatorSetRole}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [operatorSecretHeader]: channel.secret },
      body: JSON.stringify({ email, role }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    // A server that died without removing its file: fall back to opening the database (the lock decides).
    return undefined;
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refusal = apiErrorBodySchema.safeParse(answer);
    if (refusal.success && refusal.data.message === noAccountMessage)
      throw new CommandError(noAccountWith(email));
    throw new CommandError(refusal.success ? refusal.data.message : `The server answered ${response.status}`);
  }
  const changed = roleChangeSchema.parse(answer);
  return `${changed.email} is now ${changed.role} (through the running server)`;
}

async function directly(config: Config, email: string, role: (typeof roles)[number]): Promise<string> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    // Under the migration lock, as a starting server does it: one may be starting on this PostgreSQL now.
    await prepareDatabase(database, seed);
    const result = await setRole(database.db, email, role);
    return `${result.email} is now ${result.role}`;
  } catch (error) {
    if (error instanceof NotFound) throw new CommandError(noAccountWith(email));
    if (error instanceof HttpError) throw new CommandError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<string> {
  const [email, role, ...rest] = args;
  if (!email || !role || rest.length > 0 || email.startsWith('-')) throw new CommandError(usage);
  if (!isRole(role))
    throw new CommandError(`Unknown role '${role}'; use one of ${roles.join(', ')}.\n${usage}`);
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await viaServer(config, email, role);
    if (answer) return answer;
  }
  return directly(config, email, role);
}

try {
  console.log(await main(process.argv.slice(2)));
} catch (error) {
  if (error instanceof CommandError || error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error instanceof ConfigError ? 'Configuration error: ' : ''}${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
