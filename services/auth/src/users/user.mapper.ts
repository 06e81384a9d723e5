import type { UserDto } from '@domestique/proto';
import type { UserEntity } from './user.entity.js';

/** The user object of spec section 3. The password hash never leaves the service. */
export const toUserDto = (user: UserEntity): UserDto => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  createdAt: user.createdAt.toISOString(),
  subscriptionTier: user.subscriptionTier,
  stripeCustomerId: user.stripeCustomerId,
  stravaId: user.stravaId,
});
