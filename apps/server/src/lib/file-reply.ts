import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file the API answers with: its content type, its name, and whether a browser should show it or save it. */
export interface FileAnswer {
  type: string;
  filename: string;
  disposition: 'attachment' | 'inline';
}

/** Sends a file: a string, bytes or a stream under a non-JSON content type goes out as it is, without serialization. */
export function sendFile(
  reply: FastifyReply,
  file: FileAnswer,
  body: string | Uint8Array | Readable,
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', `${file.disposition}; filename="${file.filename}"`)
    .send(body);
}
