import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';

/** A TCP port that was free a moment ago, for servers a test starts itself. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}
