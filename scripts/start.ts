// `npm start`: build the web app when its build is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (newest, entry) => Math.max(newest, statSync(join(path, entry)).mtimeMs),
    stats.mtimeMs,
  );
}

function webBuildIsCurrent(): boolean {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.every((source) => newestChange(join(root, source)) <= builtAt);
}

if (!webBuildIsCurrent()) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@portal/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web app did not build; see the errors above.');
    process.exit(1);
  }
}

await import('../apps/server/src/main.ts');
