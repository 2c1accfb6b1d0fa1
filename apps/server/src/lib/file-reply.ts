import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file the API answers with: its content type, its name, and whether a browser should show it or save it. */
export interface FileAnswer {
  type: string;
  filename: string;
  disposition: 'attachment' | 'inline';
}

/** A name that goes in `filename="…"` as it is: printable ASCII without a quote, backslash or percent sign. */
const plainFilename = /^[\x20-\x21\x23-\x24\x26-\x5b\x5d-\x7e]+$/;

/**
 * The Content-Disposition of a file: its name as it is when plain, else an ASCII stand-in (accents dropped, anything
 * else '_') with the exact name in RFC 5987's `filename*` (UTF-8, percent-encoded), which browsers prefer.
 */
export function contentDisposition(disposition: FileAnswer['disposition'], filename: string): string {
  if (plainFilename.test(filename)) return `${disposition}; filename="${filename}"`;
  const fallback = filename
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x21\x23-\x24\x26-\x5b\x5d-\x7e]/g, '_');
  const encoded = encodeURIComponent(filename.toWellFormed()).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a file: a string, bytes or a stream under a non-JSON content type goes out as it is, without serialization. */
export function sendFile(
  reply: FastifyReply,
  file: FileAnswer,
  body: string | Uint8Array | Readable,
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition(file.disposition, file.filename))
    .send(body);
}
