// Reads the environment, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT.
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/lock.ts';
import { webBuildPresent } from './plugins/static-spa.ts';

/** After a shutdown signal the process exits within this time, finished or not. */
const shutdownDeadlineMs = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Configuration error: ${error.message}\n`);
  process.exit(1);
}

// NODE_ENV=test is for the test suite's in-process app; a server started with it would run with a test's settings.
if (config.nodeEnv === 'test') {
  process.stderr.write(
    'Configuration error: NODE_ENV=test is only for the test suite; use development or production\n',
  );
  process.exit(1);
}

// Production serves the web app built at release time: it never builds at start-up (that needs devDependencies and
// writable files), so a missing build stops it here rather than answering 503 for every page.
if (config.nodeEnv === 'production' && !webBuildPresent(config.webDistDir)) {
  process.stderr.write(
    `Cannot start: there is no built web app in ${config.webDistDir}. Production never builds at start-up: ` +
      'run `npm run build` when making the release (with the devDependencies), or point WEB_DIST_DIR at the build.\n',
  );
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  if (!(error instanceof DatabaseLockedError || error instanceof ConfigError)) throw error;
  process.stderr.write(`Cannot start: ${error.message}\n`);
  process.exit(1);
}

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting anyway');
    process.exit(1);
  }, shutdownDeadlineMs).unref();
  app.shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await app.close();
  process.stderr.write(
    `Could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
console.log(`Consulting portal ready at ${config.appUrl}`);
