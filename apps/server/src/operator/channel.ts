// The local operator channel: while the server listens it writes DATA_DIR/operator.json (mode 0600) with its
// address and a random secret, so that operator commands ask the running server instead of opening the embedded
// database a second time. The file is removed when the server closes.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const operatorSecretHeader = 'x-operator-secret';

export interface OperatorChannelFile {
  url: string;
  secret: string;
  pid: number;
}

export function operatorFile(dataDir: string): string {
  return join(dataDir, 'operator.json');
}

export function readOperatorFile(dataDir: string): OperatorChannelFile | undefined {
  try {
    return JSON.parse(readFileSync(operatorFile(dataDir), 'utf8')) as OperatorChannelFile;
  } catch {
    return undefined;
  }
}

/** Constant-time comparison of a presented secret with the expected one. */
export function secretMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Creates the secret now; writes the file once the server listens and removes it when the app closes. */
export function registerOperatorChannel(app: FastifyInstance, dataDir: string): { secret: string } {
  const secret = randomBytes(32).toString('base64url');
  const file = operatorFile(dataDir);
  let written = false;
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    const loopback = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address)
      ? loopback
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    const content: OperatorChannelFile = { url: `http://${host}:${address.port}`, secret, pid: process.pid };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(content)}\n`, { mode: 0o600 });
    written = true;
  });
  app.addHook('preClose', async () => {
    if (written) rmSync(file, { force: true });
    written = false;
  });
  return { secret };
}
