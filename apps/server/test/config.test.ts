import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: resolve(process.cwd(), 'data'),
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      nodeEnv: 'development',
      logLevel: 'info',
    });
    expect(config.webDistDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://user@db:5432/portal',
      DATA_DIR: '/var/lib/portal',
      APP_URL: 'https://portal.example.com/',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://user@db:5432/portal',
      dataDir: '/var/lib/portal',
      appUrl: 'https://portal.example.com',
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      nodeEnv: 'production',
      logLevel: 'warn',
      webDistDir: '/srv/web',
    });
  });

  it('derives APP_URL from PORT', () => {
    expect(loadConfig({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be a number \(got "abc"\)$/],
    [{ PORT: '70000' }, /^PORT must be between 0 and 65535/],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV must be one of development, production, test/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres:\/\//],
    [{ APP_URL: 'not a url' }, /^APP_URL must be an absolute URL/],
    [{ TRUST_PROXY: 'everyone!' }, /^TRUST_PROXY must be/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const text = (thrown as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});
