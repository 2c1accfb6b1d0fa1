import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { compressionThreshold } from '../lib/encoded-body.ts';

/**
 * Compresses answers over 1 KB that are not compressed already (@fastify/compress, docs/decisions/038): Brotli or
 * gzip as the client accepts, with Vary: Accept-Encoding. Built files come precompressed (plugins/static-spa.ts)
 * and the catalogue compressed once per version (lib/encoded-body.ts); both set Content-Encoding, which this
 * leaves alone. Partial content (Range) is never compressed. Register it before the routes: it hooks each route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { threshold: compressionThreshold, encodings: ['br', 'gzip'] });
}
