// npm run migrate: the release step. Applies the committed migrations and adds the catalogue services that are
// missing, under the same advisory lock as a starting server, so it is safe beside servers starting or running.
// The servers do it again at start-up and then find nothing left to do.
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DatabaseLockedError } from '../db/lock.ts';
import { type Preparation, prepareDatabase } from '../db/prepare.ts';
import { seed } from '../modules/catalogue/catalogue.seed.ts';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describePreparation({ migrationsApplied, servicesAdded }: Preparation): string {
  if (migrationsApplied === 0 && servicesAdded === 0) return 'The database is up to date: nothing to do.';
  return (
    `The database is up to date: ${plural(migrationsApplied, 'migration', 'migrations')} applied, ` +
    `${plural(servicesAdded, 'catalog service', 'catalog services')} added.`
  );
}

async function migrate(config: Config): Promise<string> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    return describePreparation(await prepareDatabase(database, seed));
  } finally {
    await database.close();
  }
}

try {
  console.log(await migrate(loadConfig()));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof DatabaseLockedError) {
    process.stderr.write(
      `The server (process ${error.pid}) owns the embedded database and migrated it when it started; ` +
        'stop it first to migrate by hand.\n',
    );
    process.exit(1);
  }
  throw error;
}
