import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ensurePrivateDir } from '../lib/data-dir.ts';
import { type OperatorChannelFile, operatorFile } from '../lib/operator-channel.ts';

/** The loopback URL the operator command reaches this server at. */
function localUrl(address: { address: string; family: string; port: number }): string {
  const loopback = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
  const anyOrLoopback = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address);
  const host = anyOrLoopback
    ? loopback
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** Creates the secret now; writes the channel file once the server listens and removes it when the app closes. */
export function registerOperatorChannel(app: FastifyInstance, dataDir: string): { secret: string } {
  const secret = randomBytes(32).toString('base64url');
  const file = operatorFile(dataDir);
  let written = false;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    const content: OperatorChannelFile = { url: localUrl(address), secret, pid: process.pid };
    ensurePrivateDir(dataDir);
    writeFileSync(file, `${JSON.stringify(content)}\n`, { mode: 0o600 });
    written = true;
  });
  app.addHook('preClose', async () => {
    if (written) rmSync(file, { force: true });
    written = false;
  });
  return { secret };
}
