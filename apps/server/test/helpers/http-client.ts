// A plain node:http client for tests about connections (keep-alive, shutdown): which socket a request went on and
// how the server answered, which fetch does not tell.
import { type Agent, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  /** The Connection header of the answer, if any. */
  connection: string | undefined;
  body: string;
  /** Whether the request went on a connection an earlier request had used. */
  reusedSocket: boolean;
}

/** An error of a request, with whether it went on a connection an earlier request had used. */
export type RequestError = NodeJS.ErrnoException & { reusedSocket: boolean };

/** GET `path` on 127.0.0.1:`port` through `agent`; rejects with a `RequestError` when no answer comes. */
export function get(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('error', (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
          reusedSocket: request.reusedSocket,
        }),
      );
    });
    request.on('error', (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
  });
}

/** Listens on a free port of 127.0.0.1; the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}
