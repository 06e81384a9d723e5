import { describe, expect, it } from '@jest/globals';
import { COMMITTED_SECRETS, isCommittedSecret, LOCAL_SECRETS } from '@domestique/common';
import { TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { exampleEnv } from '../env.mjs';
import { DEFAULT_FAKE_API_KEY } from '../../simulators/src/openai/openai-fake.js';
import { DEFAULT_CLIENT } from '../../simulators/src/strava/index.js';
import { DEFAULT_SECRET_KEY, DEFAULT_WEBHOOK_SECRET } from '../../simulators/src/stripe/server.js';

/**
 * Production refuses the secrets this repository commits (services/common/src/config/
 * production-secrets.ts). Its list must know every one: a secret added to an example file or a
 * simulator's defaults without it would be accepted in production.
 */
describe('the committed secrets production refuses', () => {
  it('include every secret of the example files `npm run up` runs with', () => {
    const secrets = Object.entries(exampleEnv()).filter(
      ([key, value]) => /(SECRET|_KEY|PASSWORD|TOKEN)$/.test(key) && value !== '',
    );
    expect(secrets.map(([key]) => key)).toEqual(
      expect.arrayContaining(['INTERNAL_JWT_SECRET', 'STRIPE_WEBHOOK_SECRET', 'ADMIN_PASSWORD']),
    );
    for (const [key, value] of secrets)
      expect({ key, refused: isCommittedSecret(value) }).toEqual({ key, refused: true });
    for (const [key, value] of secrets)
      if (key in LOCAL_SECRETS) expect(LOCAL_SECRETS[key as keyof typeof LOCAL_SECRETS]).toBe(value);
  });

  it("include the simulators' defaults and the tests' internal secret", () => {
    for (const value of [
      DEFAULT_SECRET_KEY,
      DEFAULT_WEBHOOK_SECRET,
      DEFAULT_CLIENT.secret,
      DEFAULT_FAKE_API_KEY,
      TEST_INTERNAL_SECRET,
    ])
      expect(COMMITTED_SECRETS.has(value)).toBe(true);
  });
});
