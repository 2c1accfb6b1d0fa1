// `npm run dev`, the development loop in one terminal: the API server, restarted when its code or the domain
// package changes, and Vite's dev server, which reloads the pages in place and passes /api and /dev (the dev
// mailbox) on to the API. The API's APP_URL is the Vite origin, so the pages' sign-ins and changes are accepted as
// coming from the portal itself; the data lives in ./data, as with `npm start`.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const webOrigin = `http://localhost:${webPort}`;

const api = spawn(process.execPath, ['--watch', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: apiPort,
    APP_URL: process.env.APP_URL ?? webOrigin,
    DATA_DIR: process.env.DATA_DIR ?? resolve(root, 'data'),
  },
});
const web = spawn(
  process.execPath,
  [resolve(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'],
  {
    cwd: resolve(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, PORTAL_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  },
);

console.log(`Development loop: open ${webOrigin} (the dev mailbox: ${webOrigin}/dev/mail)`);

/** One half stopping stops the other: a loop with only half of it running would mislead. */
function stopAll(code: number): void {
  for (const child of [api, web] as ChildProcess[]) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
api.on('exit', (code) => stopAll(code ?? 1));
web.on('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));
