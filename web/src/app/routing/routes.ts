import type { ComponentType } from 'react';

/**
 * Who may see a screen, given the rider session (spec section 2, "Route table" and "Redirects").
 * - `public`: shown whatever the session, even while the session check runs.
 * - `admin`: as `public` for the rider session; the page asks for the admin session itself and sends
 *   everyone else to /admin-login (spec section 6).
 * - `signedOut`: a signed-out visitor's screen; a signed-in user goes to the signed-in home.
 * - `rider`: a signed-in rider's screen, drawn under the top navigation; a signed-out visitor on its
 *   path, or on any path starting with it, goes to the signed-out home.
 * A free rider is not redirected anywhere: the pages that need Pro (Coach Chat) show their upsell.
 */
export type Access = 'public' | 'admin' | 'signedOut' | 'rider';

/** Where a screen is linked from: the six links of the top navigation, or the account menu. */
export type NavGroup = 'main' | 'account';

export interface NavEntry {
  label: string;
  group: NavGroup;
  /** the position within its group, from 1 */
  order: number;
  /** the link's target when it is not the screen's path (the Dashboard link goes to "/") */
  to?: string;
}

export interface RouteEntry {
  /** the one path the screen is at (exact, case-sensitive, a trailing "/" ignored); null: only a fallback */
  path: string | null;
  /** the document title (spec section 2) */
  title: string;
  /** the screen's loader: fetches its own chunk, the first time it is shown (or preloaded) */
  load: () => Promise<ComponentType>;
  access: Access;
  /** a `signedOut` screen drawn while the session check runs (the others wait for its answer) */
  showWhileChecking?: boolean;
  nav?: NavEntry;
  /** drawn at build time for a signed-out visitor (web/src/prerender) and hydrated in the browser */
  prerender?: boolean;
}

/** The landing's title (also in index.html, for the first paint and for crawlers). */
export const SITE_TITLE = 'Domestique - AI Cycling Coach';

/**
 * Every screen of the app, one entry each: the app's data routes (router.tsx, screen-routes.tsx) are
 * built from it, one route per entry with a path. Adding a screen is adding an entry here (and its
 * feature folder): its route, title, access, redirects, code splitting, prerender and navigation
 * links all follow from it. A path may have parameters (`/rides/:id`: the page reads them with
 * react-router's `useParams`).
 */
export const ROUTES = {
  landing: {
    path: '/',
    title: SITE_TITLE,
    load: () => import('../../features/landing/components/LandingPage').then((m) => m.LandingPage),
    access: 'signedOut',
    prerender: true,
  },
  auth: {
    path: '/auth',
    title: 'Sign In - Domestique',
    load: () => import('../../features/auth/components/AuthPage').then((m) => m.AuthPage),
    access: 'signedOut',
    showWhileChecking: true,
    prerender: true,
  },
  forgotPassword: {
    path: '/forgot-password',
    title: 'Forgot Password - Domestique',
    load: () =>
      import('../../features/password-reset/components/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
    access: 'public',
  },
  resetPassword: {
    path: '/reset-password',
    title: 'Reset Password - Domestique',
    load: () =>
      import('../../features/password-reset/components/ResetPasswordPage').then((m) => m.ResetPasswordPage),
    access: 'public',
  },
  faq: {
    path: '/faq',
    title: 'FAQ & Help - Domestique',
    load: () => import('../../features/faq/components/FaqPage').then((m) => m.FaqPage),
    access: 'public',
    nav: { label: 'FAQ & Help', group: 'account', order: 2 },
  },
  privacyPolicy: {
    path: '/privacy-policy',
    title: 'Privacy Policy - Domestique',
    load: () =>
      import('../../features/privacy/components/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
    access: 'public',
  },
  adminLogin: {
    path: '/admin-login',
    title: 'Admin Login - Domestique',
    load: () => import('../../features/admin/components/AdminLoginPage').then((m) => m.AdminLoginPage),
    access: 'public',
  },
  admin: {
    path: '/admin',
    title: 'Admin Dashboard - Domestique',
    load: () => import('../../features/admin/components/AdminPage').then((m) => m.AdminPage),
    access: 'admin',
  },
  dashboard: {
    path: '/dashboard',
    title: 'Dashboard - Domestique',
    load: () => import('../../features/dashboard/components/DashboardPage').then((m) => m.DashboardPage),
    access: 'rider',
    nav: { label: 'Dashboard', group: 'main', order: 1, to: '/' },
  },
  rides: {
    path: '/rides',
    title: 'Your Rides - Domestique',
    load: () => import('../../features/rides/components/RidesPage').then((m) => m.RidesPage),
    access: 'rider',
    nav: { label: 'Rides', group: 'main', order: 2 },
  },
  /** one ride's page; it sets the title to "{ride name} - Domestique" once the ride has loaded */
  ride: {
    path: '/rides/:id',
    title: 'Ride - Domestique',
    load: () => import('../../features/ride-page/components/RidePage').then((m) => m.RidePage),
    access: 'rider',
  },
  coach: {
    path: '/coach',
    title: 'Coach Chat - Domestique',
    load: () => import('../../features/coach/components/CoachPage').then((m) => m.CoachPage),
    access: 'rider',
    nav: { label: 'Coach Chat', group: 'main', order: 5 },
  },
  goals: {
    path: '/goals',
    title: 'Your Goals - Domestique',
    load: () => import('../../features/goals/components/GoalsPage').then((m) => m.GoalsPage),
    access: 'rider',
    nav: { label: 'Goals', group: 'main', order: 3 },
  },
  analytics: {
    path: '/analytics',
    title: 'Lifetime Analytics - Domestique',
    load: () => import('../../features/analytics/components/AnalyticsPage').then((m) => m.AnalyticsPage),
    access: 'rider',
    nav: { label: 'Analytics', group: 'main', order: 4 },
  },
  /** issue 22: training load, power curve and the next 7 days; locked for free riders on the page */
  training: {
    path: '/training',
    title: 'Training - Domestique',
    load: () => import('../../features/training/components/TrainingPage').then((m) => m.TrainingPage),
    access: 'rider',
  },
  /** issue 23: the Elite training plan builder and the plan; locked for Pro and Free on the page */
  plan: {
    path: '/plan',
    title: 'Training Plan - Domestique',
    load: () => import('../../features/plans/components/PlanPage').then((m) => m.PlanPage),
    access: 'rider',
  },
  /** issue 23: planned sessions and completed rides by month or week (Elite; locked on the page) */
  calendar: {
    path: '/calendar',
    title: 'Training Calendar - Domestique',
    load: () => import('../../features/calendar/components/CalendarPage').then((m) => m.CalendarPage),
    access: 'rider',
  },
  subscribe: {
    path: '/subscribe',
    title: 'Choose Your Plan - Domestique',
    load: () => import('../../features/subscribe/components/SubscribePage').then((m) => m.SubscribePage),
    access: 'rider',
    nav: { label: 'Subscribe', group: 'main', order: 6 },
  },
  profile: {
    path: '/profile',
    title: 'Profile & Settings - Domestique',
    load: () => import('../../features/profile/components/ProfilePage').then((m) => m.ProfilePage),
    access: 'rider',
    nav: { label: 'Profile & Settings', group: 'account', order: 1 },
  },
  notFound: {
    path: null,
    title: '404 Page Not Found - Domestique',
    load: () => import('../../features/not-found/components/NotFoundPage').then((m) => m.NotFoundPage),
    access: 'public',
  },
} as const satisfies Record<string, RouteEntry>;

/** Every screen the app can show. */
export type PageKey = keyof typeof ROUTES;

/** The screens with a navigation link. */
export type NavPageKey = {
  [K in PageKey]: (typeof ROUTES)[K] extends { nav: NavEntry } ? K : never;
}[PageKey];

/** Where each session lands: "/" for a signed-in user, and where a signed-out one is sent. */
export const HOME = { signedIn: 'dashboard', signedOut: 'landing' } as const satisfies Record<
  string,
  PageKey
>;

/** What a path no screen is at shows: signed in, the not-found page; signed out, sign-in. */
export const FALLBACK = { signedIn: 'notFound', signedOut: 'auth' } as const satisfies Record<
  string,
  PageKey
>;

/** The table's entries, typed by key. */
export const routeEntries = (): [PageKey, RouteEntry][] => Object.entries(ROUTES) as [PageKey, RouteEntry][];

/** The path of a screen that has one. */
export const pathOf = (key: PageKey): string => {
  const { path } = ROUTES[key] as RouteEntry;
  if (path === null) throw new Error(`the ${key} screen has no path`);
  return path;
};
