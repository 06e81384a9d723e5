import { describe, expect, it } from '@jest/globals';
import { LOCAL_SECRETS, parseConfig, type ConfigError } from '@domestique/common';
import { randomBytes } from 'node:crypto';
import { analysisEnvSchema } from '../env.schema.js';

const base = {
  DATABASE_URL: 'postgres://u@h:5432/d',
  REDIS_URL: 'redis://h:6379',
  INTERNAL_JWT_SECRET: randomBytes(32).toString('hex'),
};
const problems = (env: Record<string, string>): string[] => {
  try {
    parseConfig('analysis', analysisEnvSchema, env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('analysis configuration', () => {
  it("refuses the committed internal secret and the OpenAI fake's key in production, together", () => {
    const found = problems({
      ...base,
      NODE_ENV: 'production',
      INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
      OPENAI_API_KEY: LOCAL_SECRETS.OPENAI_API_KEY,
    });
    expect(found.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'INTERNAL_JWT_SECRET',
      'OPENAI_API_KEY',
    ]);
    expect(found.join('\n')).not.toContain(LOCAL_SECRETS.OPENAI_API_KEY);
  });

  it('boots in production without an OpenAI key (the built-in engine) or with a real one', () => {
    expect(problems({ ...base, NODE_ENV: 'production' })).toEqual([]);
    expect(
      problems({ ...base, NODE_ENV: 'production', OPENAI_API_KEY: `sk-${randomBytes(24).toString('hex')}` }),
    ).toEqual([]);
  });

  it("accepts the fake's key outside production", () => {
    expect(problems({ ...base, NODE_ENV: 'test', OPENAI_API_KEY: LOCAL_SECRETS.OPENAI_API_KEY })).toEqual([]);
  });
});
