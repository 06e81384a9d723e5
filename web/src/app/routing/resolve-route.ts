import type { SessionStatus } from '../session/session-context';

/** Every screen the app can show. */
export type PageKey =
  | 'landing'
  | 'auth'
  | 'forgotPassword'
  | 'resetPassword'
  | 'faq'
  | 'privacyPolicy'
  | 'adminLogin'
  | 'admin'
  | 'dashboard'
  | 'rides'
  | 'coach'
  | 'goals'
  | 'analytics'
  | 'subscribe'
  | 'profile'
  | 'notFound';

/** `signedIn` pages are drawn inside the layout with the top navigation. */
export type PageLayout = 'bare' | 'signedIn';

export type RouteDecision =
  | { kind: 'page'; page: PageKey; layout: PageLayout }
  | { kind: 'redirect'; to: string }
  | { kind: 'loading' };

/** Spec section 2, "Route table": shown whatever the session. */
export const ALWAYS_AVAILABLE: Readonly<Record<string, PageKey>> = {
  '/admin-login': 'adminLogin',
  '/admin': 'admin',
  '/faq': 'faq',
  '/privacy-policy': 'privacyPolicy',
  '/auth': 'auth',
  '/forgot-password': 'forgotPassword',
  '/reset-password': 'resetPassword',
};

/** Shown to a signed-in user, inside the top-navigation layout. */
export const SIGNED_IN: Readonly<Record<string, PageKey>> = {
  '/': 'dashboard',
  '/dashboard': 'dashboard',
  '/rides': 'rides',
  '/coach': 'coach',
  '/goals': 'goals',
  '/analytics': 'analytics',
  '/subscribe': 'subscribe',
  '/profile': 'profile',
};

/** A signed-out visitor on a path starting with one of these goes to /. */
export const PROTECTED_PREFIXES = [
  '/dashboard',
  '/rides',
  '/coach',
  '/goals',
  '/analytics',
  '/subscribe',
  '/profile',
] as const;

const page = (key: PageKey, layout: PageLayout = 'bare'): RouteDecision => ({
  kind: 'page',
  page: key,
  layout,
});
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });

/** "/rides/" is "/rides"; "/" stays "/". */
const normalise = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
};

const lookup = (table: Readonly<Record<string, PageKey>>, path: string): PageKey | undefined =>
  Object.hasOwn(table, path) ? table[path] : undefined;

/** What to show for a path, given the session (spec section 2, "Route table" and "Redirects"). */
export function resolveRoute(pathname: string, status: SessionStatus): RouteDecision {
  const path = normalise(pathname);

  if (path === '/auth' && status === 'authenticated') return redirect('/dashboard');
  const always = lookup(ALWAYS_AVAILABLE, path);
  if (always) return page(always);

  switch (status) {
    case 'loading':
      return { kind: 'loading' };
    case 'authenticated': {
      if (path === '/') return redirect('/dashboard');
      const signedIn = lookup(SIGNED_IN, path);
      return signedIn ? page(signedIn, 'signedIn') : page('notFound');
    }
    case 'unauthenticated': {
      if (path === '/') return page('landing');
      if (PROTECTED_PREFIXES.some((prefix) => path.startsWith(prefix))) return redirect('/');
      return page('auth');
    }
  }
}
