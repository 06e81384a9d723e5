import { describe, expect, it } from '@jest/globals';
import { parseConfig } from '@domestique/common';
import { TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { authEnvSchema, EXAMPLE_ADMIN_PASSWORD } from '../env.schema.js';

const BASE_ENV = {
  DATABASE_URL: 'postgres://localhost/x',
  REDIS_URL: 'redis://localhost:6379',
  INTERNAL_JWT_SECRET: TEST_INTERNAL_SECRET,
};
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG';
const parse = (env: Record<string, string>) => parseConfig('auth', authEnvSchema, { ...BASE_ENV, ...env });

describe('auth configuration', () => {
  it('defaults to the local mail catcher and no admin', () => {
    const config = parse({});
    expect(config).toMatchObject({ SMTP_HOST: '127.0.0.1', SMTP_PORT: 1025, SMTP_SECURE: false });
    expect(config.MAIL_FROM).toBe('Domestique <no-reply@domestique.app>');
    expect(config.ADMIN_USERNAME).toBeUndefined();
  });

  it('takes an admin with a password or with an argon2id hash', () => {
    expect(parse({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'long-enough' }).ADMIN_USERNAME).toBe('chief');
    expect(parse({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD_HASH: HASH }).ADMIN_PASSWORD_HASH).toBe(HASH);
  });

  it.each([
    [
      { ADMIN_USERNAME: 'chief' },
      'ADMIN_PASSWORD: set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH for ADMIN_USERNAME',
    ],
    [{ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'long-enough', ADMIN_PASSWORD_HASH: HASH }, 'not both'],
    [{ ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_USERNAME: is required when an admin password is set'],
    [{ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 8 characters'],
    [
      { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD_HASH: '$2b$10$bcrypt' },
      'ADMIN_PASSWORD_HASH: must be an argon2id hash',
    ],
    [{ ADMIN_USERNAME: 'no spaces allowed', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_USERNAME'],
    [
      { NODE_ENV: 'production', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: EXAMPLE_ADMIN_PASSWORD },
      'the example password cannot be used in production',
    ],
    [{ SMTP_USER: 'mailer' }, 'SMTP_PASSWORD: set SMTP_USER and SMTP_PASSWORD together'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
  ])('refuses %j', (env, problem) => {
    expect(() => parse(env)).toThrow(problem);
  });

  it('never prints an admin password it refuses', () => {
    try {
      parse({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'short' });
      throw new Error('expected a configuration error');
    } catch (error) {
      expect((error as Error).message).not.toContain('short"');
    }
  });

  it('accepts the example password outside production', () => {
    expect(parse({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: EXAMPLE_ADMIN_PASSWORD }).ADMIN_PASSWORD).toBe(
      EXAMPLE_ADMIN_PASSWORD,
    );
  });
});
