import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainException, type PatternClient } from '@domestique/common';
import { testEnv, testPatternClient, testPatternConfig } from '@domestique/common/testing';
import { randomUUID } from 'node:crypto';
import { AuthDirectoryClient } from '../auth-directory.client.js';
import { BillingAdminClient } from '../billing-admin.client.js';
import { RideCountsClient } from '../ride-counts.client.js';

/** How long these tests let a question wait (the real patterns wait 5 to 8 s). */
const TIMEOUT_MS = 400;

/**
 * The admin service's questions to auth, rides and billing when nobody answers them (the service is
 * stopped): each is a 503 within its bound, which the admin API answers as it is (the users page
 * shows the batch that failed).
 */
describe('admin: upstream patterns with their responder stopped', () => {
  let patterns: PatternClient;
  let directory: AuthDirectoryClient;
  let rides: RideCountsClient;
  let billing: BillingAdminClient;

  beforeAll(() => {
    // a prefix of its own: no responder of this run listens there
    patterns = testPatternClient(
      testPatternConfig({ REDIS_PREFIX: `${testEnv().REDIS_PREFIX}-stopped` }),
      'admin',
      TIMEOUT_MS,
    );
    directory = new AuthDirectoryClient(patterns);
    rides = new RideCountsClient(patterns);
    billing = new BillingAdminClient(patterns);
  });
  afterAll(async () => {
    await patterns.close();
  });

  const questions: [string, () => Promise<unknown>][] = [
    ['the directory page', () => directory.page({ offset: 0, limit: 10 })],
    ['one user', () => directory.user(randomUUID())],
    ['the tier counts', () => directory.tierCounts()],
    ['a batch’s ride counts', () => rides.countsFor([randomUUID()])],
    ['a tier change', () => billing.setTier(randomUUID(), 'pro')],
    ['the revenue', () => billing.revenue()],
    ['the promo codes', () => billing.promoCodes()],
    ['a promo code deletion', () => billing.deletePromoCode(randomUUID())],
  ];

  it.each(questions)('%s: 503 unavailable within the timeout', async (_what, ask) => {
    const started = performance.now();
    const error = await ask().catch((reason: unknown) => reason);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(DomainException);
    expect(error).toMatchObject({
      status: 503,
      message: 'Service temporarily unavailable. Please try again.',
    });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('refuses an invalid request before asking (no wait): the rules’ first problem, as billing words it', async () => {
    const started = performance.now();
    const error = await billing
      .createPromoCode({ code: 'SPRING', discountType: 'percentage', discountValue: 150 })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ status: 400 });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(await rides.countsFor([])).toEqual(new Map());
  });
});
