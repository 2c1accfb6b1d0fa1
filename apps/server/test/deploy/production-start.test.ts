// A production start: NODE_ENV=production on a web app built beforehand, never building at start-up, and running
// on the dependencies alone (`npm ci --omit=dev` installs nothing else).
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDriver } from '../helpers/build-test-app.ts';
import { solvedPayload } from '../helpers/challenge.ts';
import { serverDir, spawnServerScript } from '../helpers/child-process.ts';
import { freePort } from '../helpers/ports.ts';

const root = resolve(serverDir, '../..');
const lockPackages = (
  JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  }
).packages;

/**
 * Dev-only packages loaded inside a try that goes on without them: `debug` colours its output when it can, and
 * better-auth traces with OpenTelemetry's API when it is installed (it is, for the benchmark's Lighthouse).
 */
const optionalLoads = new Set([
  'node_modules/supports-color',
  'node_modules/has-flag',
  'node_modules/@opentelemetry/api',
]);

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'production-start-test-secret-0123456789',
  APP_URL: 'https://portal.example.com',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-production-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The package-lock key of the package a file belongs to: `node_modules/a`, `node_modules/a/node_modules/@b/c`. */
function packageOf(file: string): string {
  const parts = relative(root, file).split('/');
  let key = '';
  for (let index = 0; index < parts.length; index += 1) {
    if (parts[index] !== 'node_modules') continue;
    const name = parts[index + 1]?.startsWith('@')
      ? parts.slice(index + 1, index + 3)
      : parts.slice(index + 1, index + 2);
    key = parts.slice(0, index + 1 + name.length).join('/');
  }
  return key;
}

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));
}

/** The packages a source file imports at run time (type-only imports are erased, node: built-ins need nothing). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .filter((specifier) => !builtinModules.includes(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

function dependenciesOf(workspace: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}

// Each test starts a server process on a fresh embedded database: seconds of work beside the other test files.
describe.skipIf(testDriver === 'postgres')('a production start', { timeout: 90_000 }, () => {
  it('refuses to start without a built web app, with a clear line, before touching the database', async () => {
    const dataDir = tempDir();
    const { child, output } = spawnServerScript('src/main.ts', [], {
      ...production,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output().stderr).toBe(
      `Cannot start: there is no built web app in ${join(dataDir, 'no-web-build')}. Production never builds at ` +
        'start-up: run `npm run build` when making the release (with the devDependencies), or point WEB_DIST_DIR ' +
        'at the build.\n',
    );
    expect(output().stdout).toBe('');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  it('serves a built web app, and loads no package that `npm ci --omit=dev` would leave out', async () => {
    const dataDir = tempDir();
    const webDist = join(dataDir, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
    const loadedFiles = join(dataDir, 'loaded.txt');
    const port = await freePort();
    const { child, output } = spawnServerScript('src/main.ts', [], {
      ...production,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      NODE_OPTIONS: `--import=${join(serverDir, 'test/helpers/record-loaded-packages.ts')}`,
      PORTAL_LOADED_FILES: loadedFiles,
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    cleanups.push(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    });
    const deadline = Date.now() + 80_000;
    while (!output().stdout.includes('ready at')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(output().stderr);
      await new Promise((done) => setTimeout(done, 50));
    }
    const base = `http://127.0.0.1:${port}`;
    // What a visitor and a client reach: pages, the catalogue, the API docs, health, a sign-up (hashing, mail).
    for (const path of ['/', '/services', '/api/services', '/api/health', '/api/docs', '/api/docs/json']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${base}/dev/mail`)).status).toBe(404);
    // Production asks for the solved challenge by default, signed with a key derived from AUTH_SECRET.
    const signUpBody = { email: 'first@example.com', password: 'production-start' };
    const signUp = (body: object) =>
      fetch(`${base}/api/identity/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: production.APP_URL },
        body: JSON.stringify(body),
      });
    expect((await signUp(signUpBody)).status).toBe(400);
    const altcha = await solvedPayload(await (await fetch(`${base}/api/challenge`)).json());
    expect((await signUp({ ...signUpBody, altcha })).status).toBe(200);

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    const packages = new Set(readFileSync(loadedFiles, 'utf8').split('\n').filter(Boolean).map(packageOf));
    expect(packages.size).toBeGreaterThan(10);
    const devOnly = [...packages].filter((key) => {
      if (optionalLoads.has(key)) return false;
      const entry = lockPackages[key];
      return entry === undefined || entry.dev === true || entry.devOptional === true;
    });
    expect(devOnly).toEqual([]);
  });

  it('imports at run time only packages its workspace lists in dependencies', () => {
    for (const [workspace, folder] of [
      ['apps/server', 'apps/server/src'],
      ['packages/domain', 'packages/domain/src'],
    ] as const) {
      const declared = new Set([...dependenciesOf(workspace), '@portal/domain']);
      const undeclared = sources(join(root, folder)).flatMap((file) =>
        runtimeImports(file)
          .filter((name) => !declared.has(name))
          .map((name) => `${relative(root, file)}: ${name}`),
      );
      expect(undeclared, workspace).toEqual([]);
    }
  });
});
