import { expect, request, type APIRequestContext } from '@playwright/test';
import type { Tier } from '@domestique/proto';
import { baseURL, stackEnv } from './kit.js';

/** An API context of its own, signed in through the gateway as the stack's configured admin. */
export const adminApi = async (): Promise<APIRequestContext> => {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = stackEnv();
  const api = await request.newContext({ baseURL: baseURL() });
  const login = await api.post('/api/admin/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(login.ok(), `admin sign-in: ${login.status()}`).toBe(true);
  return api;
};

/**
 * Sets a user's subscription tier as the admin panel does: PATCH /api/admin/users/:id. A rider
 * registered a moment ago may not have reached billing yet (its change answers 404 until the
 * registration event has): asked again for up to 30 s.
 */
export const setTierAsAdmin = async (userId: string, tier: Tier): Promise<void> => {
  const api = await adminApi();
  try {
    await expect(async () => {
      const changed = await api.patch(`/api/admin/users/${userId}`, { data: { subscriptionTier: tier } });
      expect(changed.ok(), `tier change: ${changed.status()} ${await changed.text()}`).toBe(true);
    }).toPass({ timeout: 30_000 });
  } finally {
    await api.dispose();
  }
};
