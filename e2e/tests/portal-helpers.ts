// The portal the journeys run against: the environment playwright.config.ts starts the shared one with, and a portal
// of a journey's own for a setting the others must not see (card payments), started the same way on its own port and
// embedded database.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../apps/server/test/helpers/ports.ts';

const root = resolve(import.meta.dirname, '../..');

/** What every journeys' portal runs with, on `port`, keeping its embedded database in `dataDir`. */
export function portalEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The journeys' helpers say which client they are with X-Forwarded-For, as a proxy in front would.
    TRUST_PROXY: '1',
    // As in production: sign-up and the contact form carry a solved challenge (the widget's, or the helpers').
    SIGNUP_CHALLENGE: 'on',
  };
}

export interface OwnPortal {
  /** Its address, the journey's baseURL. */
  url: string;
  /** Its embedded database's folder, for `makeAdmin`. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A portal of the journey's own with `env` added, on a free port and a fresh embedded database, ready once its
 * health check answers. It serves the web app the shared portal's `npm start` has built, so it runs the server
 * alone rather than `npm start`, which would build it a second time at once.
 */
export async function startOwnPortal(env: Record<string, string>): Promise<OwnPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-own-'));
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...portalEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopped(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await healthy(url, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}

async function healthy(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited (${child.exitCode}): ${stderr()}`);
    const answer = await fetch(`${url}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The portal at ${url} was not healthy within 60 s: ${stderr()}`);
}

/** Stops it as a deployment does (SIGTERM: a graceful shutdown), killing it if it is still there after 15 s. */
async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exit;
  clearTimeout(timer);
}
