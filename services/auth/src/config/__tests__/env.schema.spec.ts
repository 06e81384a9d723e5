import { describe, expect, it } from '@jest/globals';
import { LOCAL_SECRETS, parseConfig, type ConfigError } from '@domestique/common';
import { TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { randomBytes } from 'node:crypto';
import { authEnvSchema } from '../env.schema.js';

const EXAMPLE_ADMIN_PASSWORD = LOCAL_SECRETS.ADMIN_PASSWORD;

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
      'ADMIN_PASSWORD: is a committed example value; set your own in production',
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

  describe('in production', () => {
    const production = (env: Record<string, string>): string[] => {
      try {
        parseConfig('auth', authEnvSchema, { ...BASE_ENV, NODE_ENV: 'production', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    const strongSecret = randomBytes(32).toString('hex');

    it('refuses the committed internal secret and admin password together, naming both', () => {
      const problems = production({
        INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: EXAMPLE_ADMIN_PASSWORD,
      });
      expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
        'ADMIN_PASSWORD',
        'INTERNAL_JWT_SECRET',
      ]);
      expect(problems.join('\n')).not.toContain(EXAMPLE_ADMIN_PASSWORD);
    });

    it("refuses the tests' internal secret", () => {
      expect(production({ INTERNAL_JWT_SECRET: TEST_INTERNAL_SECRET })).toEqual([
        expect.stringMatching(/^INTERNAL_JWT_SECRET: is a committed example value/),
      ]);
    });

    it('wants an admin password of 12 characters or more (8 elsewhere)', () => {
      const env = {
        INTERNAL_JWT_SECRET: strongSecret,
        ADMIN_USERNAME: 'chief',
        ADMIN_PASSWORD: 'eleven-char',
      };
      expect(production(env)).toEqual([
        expect.stringMatching(/^ADMIN_PASSWORD: must be at least 12 characters in production/),
      ]);
      expect(parse(env).ADMIN_PASSWORD).toBe('eleven-char');
    });

    it('boots with strong values, or with a hash and no password', () => {
      const password = randomBytes(18).toString('base64');
      expect(
        production({ INTERNAL_JWT_SECRET: strongSecret, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: password }),
      ).toEqual([]);
      expect(
        production({ INTERNAL_JWT_SECRET: strongSecret, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD_HASH: HASH }),
      ).toEqual([]);
    });
  });
});
