// What every benchmark shares: the rounds and their length, the ports, and the production settings.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

/** The repository's root: the servers start from it, and RESULTS.md is written under it. */
export const root = resolve(import.meta.dirname, '../..');
export const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const connections = 50;
export const adminDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const productPort = 4500;
export const barePort = 4501;
export const lighthousePort = 4502;
/** What browsers send: the catalogue then goes out compressed (once per version, docs/decisions/038). */
export const browserEncodings = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** Production settings: the public address is https (behind a TLS proxy); the benchmark talks to the local port. */
export const productionEnv = {
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  APP_URL: 'https://portal.bench.example',
  // The benchmark's administrator is an API client with a bearer token, without a second factor to type.
  ADMIN_TWO_FACTOR: 'optional',
};
export const businessTimeZone = 'America/Phoenix';
