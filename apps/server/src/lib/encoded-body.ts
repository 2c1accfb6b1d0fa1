// Bodies that change only with a cache's version (the catalogue, the page that embeds it) are compressed once when
// they are built, not on every request (docs/decisions/038).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Smaller bodies are sent as they are: the same threshold as the compression of every other answer. */
export const compressionThreshold = 1024;

/** The encodings we send, the best first (the order breaks ties between equal q-values). */
const encodings = ['br', 'gzip'] as const;
type Encoding = (typeof encodings)[number];

export interface EncodedBody {
  identity: Buffer;
  /** Absent below the threshold. */
  br?: Buffer;
  gzip?: Buffer;
  /**
   * A validator of the bytes before encoding: weak, since the encoded copies are other byte sequences of the same
   * content.
   */
  etag: string;
}

/** Compresses `bytes` once, as hard as Brotli and gzip go: it is paid once per version, not per request. */
export function encodeOnce(bytes: Buffer): EncodedBody {
  const etag = `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  if (bytes.length < compressionThreshold) return { identity: bytes, etag };
  return {
    identity: bytes,
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    etag,
  };
}

function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && header !== '' ? negotiate(header, [...encodings]) : null;
}

/**
 * Sends the best encoding of `body` the client accepts (the bytes as they are when it accepts none), saying that
 * the answer varies with Accept-Encoding. The content type must already be set.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request);
  const encoded = encoding ? body[encoding] : undefined;
  if (!encoding || !encoded) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(encoded);
}
