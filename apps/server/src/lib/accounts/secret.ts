// The secret that signs sessions and tokens: AUTH_SECRET, or outside production one generated once into DATA_DIR.
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError, minAuthSecretLength } from '../../config.ts';
import { ensurePrivateDir } from '../data-dir.ts';

/**
 * A key of its own for one purpose (e.g. 'calendar-feed'), derived from the secret: what it signs cannot be
 * confused with anything the accounts library signs with the secret itself.
 */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`portal:${purpose}`).digest();
}

export function authSecretFile(dataDir: string): string {
  return join(dataDir, 'auth-secret');
}

/**
 * AUTH_SECRET when set. Otherwise (never in production nor with DATABASE_URL: the config refuses those) the
 * secret stored in `DATA_DIR/auth-secret`, generated with mode 0600 the first time, so sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir' | 'nodeEnv'>): string {
  if (config.authSecret !== undefined) return config.authSecret;
  if (config.nodeEnv === 'production') throw new ConfigError('AUTH_SECRET is required in production');
  const file = authSecretFile(config.dataDir);
  const stored = readStoredSecret(file);
  if (stored !== undefined) return stored;
  ensurePrivateDir(config.dataDir);
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, one writes and the other reads what it wrote.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (fileErrorCode(error) !== 'EEXIST') throw error;
    return readStoredSecret(file) ?? secret;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** The stored secret; undefined when there is none yet. A short or empty one is refused, never used. */
function readStoredSecret(file: string): string | undefined {
  let stored: string;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (fileErrorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  if (stored.length < minAuthSecretLength) {
    throw new ConfigError(
      `${file} holds a secret shorter than ${minAuthSecretLength} characters: delete it to have a new one made, or set AUTH_SECRET`,
    );
  }
  return stored;
}

function fileErrorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
