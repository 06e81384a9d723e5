import type { AdminPromoCodeDto, AdminStatsDto, AdminUserDto, Tier } from '@domestique/proto';
import { promoBadge } from '@domestique/proto/messages';

export type TierFilter = Tier | 'all';

/** The tiers an admin can set (spec section 4: any tier, directly). */
export const TIER_OPTIONS: readonly Tier[] = ['free', 'pro', 'elite'];

export const TIER_FILTER_OPTIONS: { value: TierFilter; label: string }[] = [
  { value: 'all', label: 'All Tiers' },
  { value: 'free', label: 'Free' },
  { value: 'pro', label: 'Pro' },
  { value: 'elite', label: 'Elite' },
];

export const TABLE_PAGE_SIZE = 25;

/** "First Last", one of them, or "No name set". */
export const fullName = (user: Pick<AdminUserDto, 'firstName' | 'lastName'>): string =>
  [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || 'No name set';

/** Who the delete dialog names: the full name, else the email. */
export const userLabel = (user: AdminUserDto): string => {
  const name = fullName(user);
  return name === 'No name set' ? user.email : name;
};

/** Case-insensitive search in the email or the full name, and the tier filter (spec section 2). */
export const filterUsers = (users: AdminUserDto[], search: string, tier: TierFilter): AdminUserDto[] => {
  const term = search.trim().toLowerCase();
  return users.filter((user) => {
    if (tier !== 'all' && user.subscriptionTier !== tier) return false;
    if (!term) return true;
    const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.toLowerCase();
    return user.email.toLowerCase().includes(term) || name.includes(term);
  });
};

/** One page of a list, with the page clamped into range. */
export const pageOf = <T>(items: T[], page: number, size: number) => {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(page, 1), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const shortDate = (iso: string): string => dateFormat.format(new Date(iso));

/** Spec section 4: ACTIVE only while active and validUntil is in the future. */
export const promoStatus = (promo: AdminPromoCodeDto, now = new Date()): 'ACTIVE' | 'INACTIVE' =>
  promo.isActive && new Date(promo.validUntil).getTime() > now.getTime() ? 'ACTIVE' : 'INACTIVE';

export const promoDiscountBadge = (promo: AdminPromoCodeDto): string => promoBadge(promo);

export const promoValidPeriod = (promo: AdminPromoCodeDto): string =>
  `${shortDate(promo.validFrom)} - ${shortDate(promo.validUntil)}`;

/** "{used}" and "/{limit}" when there is a limit. */
export const promoUsage = (promo: AdminPromoCodeDto): string =>
  promo.usageLimit === null ? `${promo.usedCount}` : `${promo.usedCount}/${promo.usageLimit}`;

export const formatRevenue = (dollars: number): string =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/**
 * The stat cards once a user is deleted, before every service has purged them: one user fewer, and
 * one subscriber fewer on their tier (revenue waits for the server's figures).
 */
export const statsWithoutUser = (stats: AdminStatsDto, tier: Tier): AdminStatsDto => ({
  ...stats,
  totalUsers: Math.max(0, stats.totalUsers - 1),
  proUsers: tier === 'pro' ? Math.max(0, stats.proUsers - 1) : stats.proUsers,
  eliteUsers: tier === 'elite' ? Math.max(0, stats.eliteUsers - 1) : stats.eliteUsers,
});
