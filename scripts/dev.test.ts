import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The answer at `url` once something answers there, within `deadline`. */
async function whenAnswering(url: string, init: RequestInit = {}, deadline = Date.now() + 90_000) {
  for (;;) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resume) => setTimeout(resume, 250));
    }
  }
}

describe('npm run dev', () => {
  it('serves the pages from Vite and passes the API and the dev mailbox on, with the Vite origin as APP_URL', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-dev-'));
    const [apiPort, webPort] = [await freePort(), await freePort()];
    const web = `http://localhost:${webPort}`;
    const child = spawn(process.execPath, ['scripts/dev.ts'], {
      cwd: root,
      // The sign-up below tests the origin check, not the proof-of-work challenge: the latter is off.
      env: {
        PATH: process.env.PATH,
        PORT: String(apiPort),
        WEB_PORT: String(webPort),
        DATA_DIR: dataDir,
        SIGNUP_CHALLENGE: 'off',
      },
      stdio: 'ignore',
    });
    try {
      const page = await whenAnswering(`${web}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/@vite/client');
      // The API answers through Vite once it has migrated the database.
      let health = await whenAnswering(`${web}/api/health`);
      for (const deadline = Date.now() + 90_000; health.status !== 200 && Date.now() < deadline; ) {
        await new Promise((resume) => setTimeout(resume, 250));
        health = await whenAnswering(`${web}/api/health`);
      }
      expect(await health.json()).toEqual({ status: 'ok' });
      expect((await fetch(`${web}/dev/mail`)).status).toBe(200);
      // A sign-up from the pages' origin is accepted: the forged-request guard sees its own APP_URL.
      const signUp = await fetch(`${web}/api/identity/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web },
        body: JSON.stringify({ email: 'dev-loop@example.com', password: 'a-long-dev-password', name: 'Dev' }),
      });
      expect(signUp.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }, 180_000);
});
