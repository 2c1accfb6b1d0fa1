// The test suite's password hasher (docs/decisions/055): better-auth's scrypt and stored form (`salt:key` in hex),
// at a cost 16 times lower. Each in-process app hashes hundreds of passwords a run; at the real cost they took
// minutes of the two cores. Servers started as processes (and the journeys) keep better-auth's own.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../src/lib/accounts/password-check.ts';

const cost = { N: 1024, r: 16, p: 1 };
const keyBytes = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyBytes, cost, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const stored = Buffer.from(key, 'hex');
    const derived = await derive(password, salt);
    return stored.length === derived.length && timingSafeEqual(stored, derived);
  },
};
