// The secret that signs sessions and tokens: AUTH_SECRET, or outside production one generated once into DATA_DIR.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, minAuthSecretLength } from '../../config.ts';

export function authSecretFile(dataDir: string): string {
  return join(dataDir, 'auth-secret');
}

/**
 * AUTH_SECRET when set. Otherwise (never in production: the config refuses that) the secret stored in
 * `DATA_DIR/auth-secret`, generated with mode 0600 the first time, so sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir' | 'nodeEnv'>): string {
  if (config.authSecret !== undefined) return config.authSecret;
  if (config.nodeEnv === 'production') throw new Error('AUTH_SECRET is required in production');
  const file = authSecretFile(config.dataDir);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= minAuthSecretLength) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, one writes and the other reads what it wrote.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  chmodSync(file, 0o600);
  return secret;
}
