import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const RIDER_PASSWORD = 'pedal-hard-1';

/**
 * Creates a rider through the API in the page's browser context (so the page is signed in as them);
 * answers their id and email.
 */
export const registerRider = async (
  page: Page,
  { prefix, firstName, lastName }: { prefix: string; firstName: string; lastName: string },
): Promise<{ userId: string; email: string }> => {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: RIDER_PASSWORD, firstName, lastName },
  });
  expect(registered.status()).toBe(201);
  return { userId: ((await registered.json()) as { id: string }).id, email };
};
