// Graceful restarts: on shutdown the readiness check fails at once, the listener stops taking connections, every
// request already on an accepted connection is served (its answer says `Connection: close`), connections are
// closed once idle, and only then does the app close (mail worker, database).
import type { ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful shutdown (see this module) and resolves when the app is closed. Safe to call more than
     * once: every call gets the same promise.
     */
    shutdown(): Promise<void>;
    /** True from the moment shutdown begins: the readiness check answers 503. */
    isShuttingDown(): boolean;
  }
}

/**
 * A connection without a request for this long during shutdown is closed. A client that just had an answer gets
 * this long to send its next request on the connection (and be told `Connection: close`) instead of meeting a
 * connection closed under the request it is writing: the race that fails keep-alive requests during restarts.
 */
export const idleConnectionGraceMs = 2_000;
const reapIntervalMs = 100;

interface ConnectionState {
  /** Requests on the connection whose answer has not finished (more than one only with pipelining). */
  active: number;
  /** When the last answer finished (or the connection was accepted). */
  idleSince: number;
}

export function registerGracefulShutdown(app: FastifyInstance): void {
  let shuttingDown = false;
  let closing: Promise<void> | undefined;
  const connections = new Map<Socket, ConnectionState>();
  const unanswered = new Set<ServerResponse>();

  // The raw server's events, not Fastify hooks: they see every request (404s and framework errors included) as
  // soon as its head is read. Ahead of Fastify's own listener, which may answer before returning.
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.prependListener('request', (request, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (state) state.active += 1;
    if (shuttingDown) response.setHeader('connection', 'close');
    else unanswered.add(response);
    response.once('close', () => {
      unanswered.delete(response);
      if (state) {
        state.active -= 1;
        state.idleSince = Date.now();
      }
    });
  });

  function closeIdleConnections(): void {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.active === 0 && now - state.idleSince >= idleConnectionGraceMs) socket.destroy();
    }
  }

  /** Stops listening and resolves once every accepted connection has closed. */
  function drain(): Promise<void> {
    if (!app.server.listening) return Promise.resolve();
    // Answers not yet begun say the connection closes after them; Node then closes it once they are sent.
    for (const response of unanswered) {
      if (!response.headersSent) response.setHeader('connection', 'close');
    }
    unanswered.clear();
    const reaper = setInterval(closeIdleConnections, reapIntervalMs);
    return new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's: the latter also closes every connection idle at this instant,
      // including one whose client is writing its next request right now; those are closed by the reaper instead.
      NetServer.prototype.close.call(app.server, () => {
        clearInterval(reaper);
        resolve();
      });
      closeIdleConnections();
    });
  }

  app.decorate('isShuttingDown', () => shuttingDown);
  app.decorate('shutdown', () => {
    shuttingDown = true;
    closing ??= drain().then(() => app.close());
    return closing;
  });
}
