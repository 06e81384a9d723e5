import { pathOf, routeEntries, type NavGroup, type NavPageKey } from '../routing/routes';

export interface NavLink {
  /** the screen's key in the route table */
  page: NavPageKey;
  to: string;
  label: string;
  /** the screen's own path: the link is the active one on it and below it */
  path: string;
}

/** A group's links from the route table's `nav` entries, in their order. */
const linksOf = (group: NavGroup): readonly NavLink[] =>
  routeEntries()
    .flatMap(([key, entry]) =>
      entry.nav?.group === group ? [{ key: key as NavPageKey, nav: entry.nav, path: pathOf(key) }] : [],
    )
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ key, nav, path }) => ({ page: key, to: nav.to ?? path, label: nav.label, path }));

/** The top navigation of spec section 2, in order (routes.ts, `nav` with group `main`). */
export const NAV_LINKS = linksOf('main');

/** The account links of the user menu and the drawer (group `account`); never marked active. */
export const ACCOUNT_LINKS = linksOf('account');

export type NavLinkTarget = string;

/** A main link is active on its target and on its screen's path and below (Dashboard: "/" and /dashboard). */
export function isNavLinkActive(to: NavLinkTarget, pathname: string): boolean {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  const link = NAV_LINKS.find((candidate) => candidate.to === to);
  if (!link) return within(to);
  return pathname === link.to || within(link.path);
}
