/** The top navigation of spec section 2, in order. */
export const NAV_LINKS = [
  { to: '/', label: 'Dashboard' },
  { to: '/rides', label: 'Rides' },
  { to: '/goals', label: 'Goals' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/coach', label: 'Coach Chat' },
  { to: '/subscribe', label: 'Subscribe' },
] as const;

export type NavLinkTarget = (typeof NAV_LINKS)[number]['to'];

/** The Dashboard link ("/") is also the active one on /dashboard. */
export function isNavLinkActive(to: NavLinkTarget, pathname: string): boolean {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return to === '/' ? pathname === '/' || within('/dashboard') : within(to);
}
