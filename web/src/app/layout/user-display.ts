import type { Tier } from '@domestique/proto';

/** The user fields the navigation shows. */
export interface NavUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  subscriptionTier: Tier;
}

const filled = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Spec section 2: the first letter of firstName, else of the email, else "U". */
export function avatarInitial(user: Pick<NavUser, 'firstName' | 'email'>): string {
  const source = filled(user.firstName) ?? filled(user.email) ?? 'U';
  return source.charAt(0).toUpperCase();
}

/** Spec section 2: "firstName lastName" when both exist, else firstName, else "User". */
export function displayName(user: Pick<NavUser, 'firstName' | 'lastName'>): string {
  const first = filled(user.firstName);
  const last = filled(user.lastName);
  if (first && last) return `${first} ${last}`;
  return first ?? 'User';
}

/** The desktop menu button: the display name, falling back to the email's part before @, then "User". */
export function menuLabel(user: Pick<NavUser, 'firstName' | 'lastName' | 'email'>): string {
  if (filled(user.firstName)) return displayName(user);
  return filled(user.email?.split('@')[0]) ?? 'User';
}

/** The drawer's tier badge. */
export const TIER_BADGE: Record<Tier, string> = { free: 'FREE', pro: 'PRO', elite: 'ELITE' };

/** Upgrade to Pro prompts appear only for the free tier (spec section 6). */
export const showsUpgrade = (tier: Tier): boolean => tier === 'free';
