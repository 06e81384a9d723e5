import type { SessionUser } from '../app/session/session.graphql';

/** A signed-in rider as `GET /api/auth/user` answers it; tests override what they look at. */
export const testUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  __typename: 'User',
  id: 'u1',
  email: 'rider@example.com',
  firstName: 'Rider',
  lastName: 'One',
  profileImageUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  subscriptionTier: 'free',
  stripeCustomerId: null,
  stravaId: null,
  ...overrides,
});
