import { matchRoutes } from 'react-router';
import type { SessionStatus } from '../session/session-context';
import { FALLBACK, HOME, pathOf, routeEntries, ROUTES, type PageKey, type RouteEntry } from './routes';

export type { PageKey } from './routes';

/** `signedIn` pages are drawn inside the layout with the top navigation. */
export type PageLayout = 'bare' | 'signedIn';

export type RouteDecision =
  | { kind: 'page'; page: PageKey; layout: PageLayout }
  | { kind: 'redirect'; to: string }
  | { kind: 'loading' };

/**
 * The screens' paths as react-router matches them (the router's screen routes are built from the
 * same entries, router.tsx): exact, case-sensitive, a trailing "/" ignored.
 */
const PATHS = routeEntries().flatMap(([key, { path }]) =>
  path === null ? [] : [{ id: key, path, caseSensitive: true }],
);

/** The screen at a path, if any (react-router's own matching). */
export const screenAt = (pathname: string): PageKey | undefined =>
  matchRoutes(PATHS, pathname)?.at(-1)?.route.id as PageKey | undefined;

/** A signed-out visitor on a path starting with one of these (a rider's screen) goes home. */
export const PROTECTED_PREFIXES: readonly string[] = routeEntries()
  .filter(([, entry]) => entry.access === 'rider')
  .map(([key]) => pathOf(key));

const page = (key: PageKey): RouteDecision => ({
  kind: 'page',
  page: key,
  layout: ROUTES[key].access === 'rider' ? 'signedIn' : 'bare',
});
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });
const loading: RouteDecision = { kind: 'loading' };

/** "/rides/" is "/rides"; "/" stays "/". */
const normalise = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
};

/** A screen at its own path, by its access (routes.ts, `Access`). */
export function decideScreen(key: PageKey, status: SessionStatus): RouteDecision {
  const entry: RouteEntry = ROUTES[key];
  switch (entry.access) {
    case 'public':
    case 'admin':
      return page(key);
    case 'signedOut':
      if (status === 'authenticated') return redirect(pathOf(HOME.signedIn));
      if (status === 'loading' && !entry.showWhileChecking) return loading;
      return page(key);
    case 'rider':
      if (status === 'loading') return loading;
      return status === 'authenticated' ? page(key) : redirect(pathOf(HOME.signedOut));
  }
}

/** A path no screen is at: signed in, the not-found page; signed out, sign-in or (below a rider's screen) home. */
export function decideFallback(pathname: string, status: SessionStatus): RouteDecision {
  switch (status) {
    case 'loading':
      return loading;
    case 'authenticated':
      return page(FALLBACK.signedIn);
    case 'unauthenticated':
      return PROTECTED_PREFIXES.some((prefix) => normalise(pathname).startsWith(prefix))
        ? redirect(pathOf(HOME.signedOut))
        : page(FALLBACK.signedOut);
  }
}

/** What to show for a path, given the session (spec section 2, "Route table" and "Redirects"). */
export function resolveRoute(pathname: string, status: SessionStatus): RouteDecision {
  const key = screenAt(pathname);
  return key ? decideScreen(key, status) : decideFallback(pathname, status);
}
