// The servers a benchmark measures, each a child process started from the repository's root.
import { type ChildProcess, spawn } from 'node:child_process';
import { productionEnv, productPort, root } from './settings.ts';
import { waitFor } from './wait-for.ts';

export function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  // A server that could not start (its port taken by a leftover) must not be measured in its place.
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`${args.join(' ')} exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** The product in production mode on a PostgreSQL database; stop it with stop(). */
export async function startProduct(databaseUrl: string, dataDir: string) {
  const origin = `http://127.0.0.1:${productPort}`;
  const product = start(['apps/server/src/main.ts'], {
    ...productionEnv,
    PORT: String(productPort),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // One client books 100 slots at once: the fair-use limits (5 pending, 10 per address, 60 writes a minute)
    // would refuse most.
    MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
    MAX_PENDING_BOOKINGS_PER_ADDRESS: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    // Its accounts are signed up through the API as set-up, not measured: no proof-of-work challenge for them.
    SIGNUP_CHALLENGE: 'off',
  });
  await waitFor(`${origin}/api/health`);
  return { origin, product };
}
