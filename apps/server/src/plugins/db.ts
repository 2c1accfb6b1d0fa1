import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Database;
    /** The connection behind `db`: `ping()` for health, closed when the app closes. */
    database: DatabaseHandle;
  }
}

/** Migrates the database, decorates the app with it, and closes it when the app closes. */
export async function registerDatabase(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });
}
