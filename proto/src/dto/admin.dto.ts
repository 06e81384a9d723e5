import { z } from 'zod';
import { TIERS, type Tier } from '../identity.js';
import type { ServiceName } from '../services.js';
import { DISCOUNT_TYPES } from './billing.constants.js';
import { ADMIN_DIRECTORY_MAX_PAGE, ADMIN_SEARCH_MAX_LENGTH, AdminMessages } from './admin.constants.js';

export * from './admin.constants.js';

const tier = z.enum(TIERS);
const isoDateTime = z.iso.datetime({ offset: true });

/** A query-string number: absent is the default, anything else must be a whole number in range. */
const queryInt = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : Number(value)),
    z
      .number()
      .int(AdminMessages.invalidPaging)
      .min(min, AdminMessages.invalidPaging)
      .max(max, AdminMessages.invalidPaging),
  );

const searchField = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, AdminMessages.searchTooLong)
  .transform((value) => (value ? value : undefined))
  .optional();

const tierFilter = z.preprocess(
  (value) => (value === '' || value === 'all' ? undefined : value),
  z.enum(TIERS, { error: AdminMessages.invalidTierFilter }).optional(),
);

// ---------------------------------------------------------------------------------------------
// Internal contracts: admin service -> auth, rides, billing (signed `system` identity).

/** Pattern `auth.admin-directory.page`: one page of the user directory, newest first. */
export const AdminDirectoryQuery = z.object({
  /** case-insensitive, in the email or the full name */
  search: searchField,
  tier: tierFilter,
  offset: queryInt(0, Number.MAX_SAFE_INTEGER, 0),
  limit: queryInt(1, ADMIN_DIRECTORY_MAX_PAGE, ADMIN_DIRECTORY_MAX_PAGE),
});
export type AdminDirectoryQuery = z.infer<typeof AdminDirectoryQuery>;

export const AdminDirectoryUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionTier: tier,
  /** ISO 8601, UTC */
  createdAt: isoDateTime,
});
export type AdminDirectoryUser = z.infer<typeof AdminDirectoryUser>;

export const AdminDirectoryPage = z.object({
  users: z.array(AdminDirectoryUser),
  /** every user matching the query, across pages */
  total: z.number().int().nonnegative(),
});
export type AdminDirectoryPage = z.infer<typeof AdminDirectoryPage>;

/** Pattern `auth.admin-directory.tier-counts` */
export const TierCounts = z.object({
  totalUsers: z.number().int().nonnegative(),
  proUsers: z.number().int().nonnegative(),
  eliteUsers: z.number().int().nonnegative(),
});
export type TierCounts = z.infer<typeof TierCounts>;

/** Pattern `rides.admin-counts.rides`: counts for one batch of users, one grouped query. */
export const RideCountsRequest = z.strictObject({
  userIds: z.array(z.uuid()).max(ADMIN_DIRECTORY_MAX_PAGE),
});
export type RideCountsRequest = z.infer<typeof RideCountsRequest>;

export const UserRideCounts = z.object({
  userId: z.uuid(),
  totalRides: z.number().int().nonnegative(),
  /** rides with AI feedback */
  totalAiFeedback: z.number().int().nonnegative(),
});
export type UserRideCounts = z.infer<typeof UserRideCounts>;

/** Only users with at least one ride are listed; the others have none. */
export const RideCountsAnswer = z.object({ counts: z.array(UserRideCounts) });
export type RideCountsAnswer = z.infer<typeof RideCountsAnswer>;

/** Billing's admin answers as the admin service validates them (shapes of billing.dto.ts). */
export const TierChangeAnswer = z.object({ userId: z.uuid(), subscriptionTier: tier });
export const MonthlyRevenueAnswer = z.object({
  monthlyRevenueCents: z.number().int().nonnegative(),
  activeSubscriptions: z.number().int().nonnegative(),
});
export const AdminPromoCodeAnswer = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  validFrom: isoDateTime,
  validUntil: isoDateTime,
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int().nonnegative(),
  isActive: z.boolean(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
});
export const AdminPromoCodeListAnswer = z.array(AdminPromoCodeAnswer);
export const MessageAnswer = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// The admin REST API of spec section 7 (/api/admin/*).

/** GET /api/admin/users: every user by default; search, tier, offset and limit narrow it. */
export const AdminUsersQuery = z.object({
  search: searchField,
  tier: tierFilter,
  offset: queryInt(0, Number.MAX_SAFE_INTEGER, 0),
  /** absent: every user */
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z.number().int(AdminMessages.invalidPaging).min(1, AdminMessages.invalidPaging).optional(),
  ),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** A user row of the admin table: the user of spec section 3 plus totalRides and totalAiFeedback. */
export interface AdminUserDto extends AdminDirectoryUser {
  totalRides: number;
  totalAiFeedback: number;
}

/** GET /api/admin/stats. monthlyRevenue is dollars; admin-set tiers without a subscription add nothing. */
export interface AdminStatsDto {
  totalUsers: number;
  proUsers: number;
  eliteUsers: number;
  monthlyRevenue: number;
}

/** PATCH /api/admin/users/{id} */
export const AdminSetTierRequest = z.strictObject({
  subscriptionTier: z.enum(TIERS, { error: AdminMessages.invalidTier }),
});
export type AdminSetTierRequest = z.infer<typeof AdminSetTierRequest>;

/** What PATCH answers: the message of the toast and the tier billing recorded. */
export interface AdminTierChangeDto {
  message: string;
  userId: string;
  subscriptionTier: Tier;
}

/** DELETE /api/admin/users/{id} and GET /api/admin/users/{id}/deletion: how far the purge has come. */
export interface UserDeletionDto {
  message: string;
  userId: string;
  /** complete once every service holding user data has purged this user */
  status: 'pending' | 'complete';
  purgedBy: ServiceName[];
  pendingServices: ServiceName[];
  /** ISO 8601, UTC */
  requestedAt: string;
  completedAt: string | null;
}

/** Whether a path parameter can be a user's id (anything else cannot exist: 404, never a 500). */
export const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;
