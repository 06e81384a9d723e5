/** The admin area's numbers and words (spec sections 2, 4, 8), free of runtime dependencies. */

/** The largest batch the admin service asks of auth and rides at once. */
export const ADMIN_DIRECTORY_MAX_PAGE = 1000;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

export const AdminMessages = {
  invalidTier: 'Subscription tier must be free, pro or elite.',
  invalidTierFilter: 'Tier filter must be free, pro or elite.',
  invalidPaging: 'Offset and limit must be whole numbers (limit at least 1).',
  searchTooLong: `Search terms are at most ${ADMIN_SEARCH_MAX_LENGTH} characters long.`,
  userNotFound: 'User not found',
  userUpdated: 'User Updated',
  userDeleted: 'User Deleted',
  promoCreated: 'Promo Code Created',
  promoDeleted: 'Promo Code Deleted',
  updateFailed: 'Failed to update user. Please try again.',
  deleteFailed: 'Failed to delete user. Please try again.',
  promoCreateFailed: 'Failed to create promo code. Please try again.',
  promoDeleteFailed: 'Failed to delete promo code. Please try again.',
  noUsers: 'No users found matching your criteria',
  noPromoCodes: 'No promo codes created yet',
  revenueNote:
    'Monthly amount of active paid subscriptions after their current discounts. Tiers set by an admin without a subscription bring no revenue.',
} as const;
