import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('never builds the web app when NODE_ENV=production: the server refuses to start without a build', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        AUTH_SECRET: 'start-script-test-secret-0123456789',
        APP_URL: 'https://portal.example.com',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^Cannot start: there is no built web app in .*no-web-build\. Production never builds/,
    );
    // A whole Node process starting: seconds on a machine busy with the other test projects.
  }, 60_000);
});
