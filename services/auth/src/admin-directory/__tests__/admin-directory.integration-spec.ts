import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainException, type PatternClient } from '@domestique/common';
import {
  expectedRefusals,
  identityHeaders,
  patternRefusals,
  startTestApi,
  testPatternClient,
  type TestApi,
} from '@domestique/common/testing';
import { AdminMessages, Patterns } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AuthConfig } from '../../config/env.schema.js';
import { authService } from '../../service.js';
import { FAST_HASHING, GENEROUS_LIMITS } from '../../test/auth-test-kit.js';

/** The user directory the admin service lists, looks up and counts users from, over its patterns. */
describe('auth: admin directory patterns (the admin service’s signed identity only)', () => {
  let api: TestApi<AuthConfig>;
  let admin: PatternClient;

  beforeAll(async () => {
    api = await startTestApi(authService, { ...FAST_HASHING, ...GENEROUS_LIMITS });
    admin = testPatternClient(api.config, 'admin');
  });
  afterAll(async () => {
    await admin.close();
    await api.close();
  });

  const register = async (lastName: string): Promise<string> => {
    const answer = await request(api.app.getHttpServer())
      .post('/api/auth/register')
      .set(await identityHeaders({ role: 'anonymous' }))
      .send({
        email: `dir-${randomUUID().slice(0, 8)}@example.com`,
        password: 'secret12',
        firstName: 'Ada',
        lastName,
      });
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };

  it('answers a page of matching users, newest first, with the number matching; one user; the tier counts', async () => {
    const before = await admin.send(Patterns.adminTierCounts, {});
    const family = `Dir${randomUUID().slice(0, 6)}`;
    const first = await register(family);
    const second = await register(family);
    const page = await admin.send(Patterns.adminDirectoryPage, { search: family, offset: 0, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.users.map((user) => [user.id, user.lastName, user.subscriptionTier])).toEqual([
      [second, family, 'free'],
    ]);
    expect(
      (await admin.send(Patterns.adminDirectoryPage, { search: family, tier: 'pro', offset: 0, limit: 10 }))
        .total,
    ).toBe(0);
    expect(await admin.send(Patterns.adminDirectoryUser, { userId: first })).toMatchObject({
      id: first,
      firstName: 'Ada',
      lastName: family,
    });
    const after = await admin.send(Patterns.adminTierCounts, {});
    expect(after.totalUsers - before.totalUsers).toBeGreaterThanOrEqual(2);
  });

  it('passes the 404 of an unknown user through', async () => {
    for (const userId of [randomUUID(), 'not-a-user']) {
      const error = await admin
        .send(Patterns.adminDirectoryUser, { userId })
        .catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(DomainException);
      expect(error).toMatchObject({ status: 404, message: AdminMessages.userNotFound });
    }
  });

  it('refuses unsigned, forged, riders’ and other services’ identities, and invalid requests', async () => {
    expect(
      await patternRefusals(api.config, Patterns.adminDirectoryPage, {
        payload: { offset: 0, limit: 10 },
        invalidPayload: { tier: 'gold' },
      }),
    ).toEqual(expectedRefusals(AdminMessages.invalidTierFilter));
    expect(
      await patternRefusals(api.config, Patterns.adminTierCounts, {
        payload: {},
        invalidPayload: { all: true },
      }),
    ).toEqual(expectedRefusals('Unexpected field: all'));
  });
});
