import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Database;
    /** The connection behind `db`: `ping()` for health, closed when the app closes. */
    database: DatabaseHandle;
  }
}

/**
 * Migrates and seeds the database (under the migration lock: other processes may be starting on it too), decorates
 * the app with it, and closes it when the app closes.
 */
export async function registerDatabase(
  app: FastifyInstance,
  database: DatabaseHandle,
  seed: (db: Database) => Promise<number>,
): Promise<void> {
  const prepared = await prepareDatabase(database, seed);
  app.log.info(prepared, 'database prepared');
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });
}
