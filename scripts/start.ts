// `npm start`, a developer's start: build the web app when its build is missing or older than its sources, then run
// the server. With NODE_ENV=production it never builds (the server then refuses to start without a build): a
// production start is `npm run start:production` on a release built beforehand (docs/deployment.md).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { webBuildIsCurrent } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV !== 'production' && !webBuildIsCurrent(root)) {
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
