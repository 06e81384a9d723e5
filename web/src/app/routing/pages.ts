import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from './resolve-route';

/** How each page's chunk is fetched; a module fetched once is not fetched again. */
const LOADERS: Record<PageKey, () => Promise<ComponentType>> = {
  landing: () => import('../../features/landing/components/LandingPage').then((m) => m.LandingPage),
  auth: () => import('../../features/auth/components/AuthPage').then((m) => m.AuthPage),
  forgotPassword: () =>
    import('../../features/password-reset/components/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  resetPassword: () =>
    import('../../features/password-reset/components/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  faq: () => import('../../features/faq/components/FaqPage').then((m) => m.FaqPage),
  privacyPolicy: () =>
    import('../../features/privacy/components/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
  adminLogin: () => import('../../features/admin/components/AdminLoginPage').then((m) => m.AdminLoginPage),
  admin: () => import('../../features/admin/components/AdminPage').then((m) => m.AdminPage),
  dashboard: () => import('../../features/dashboard/components/DashboardPage').then((m) => m.DashboardPage),
  rides: () => import('../../features/rides/components/RidesPage').then((m) => m.RidesPage),
  coach: () => import('../../features/coach/components/CoachPage').then((m) => m.CoachPage),
  goals: () => import('../../features/goals/components/GoalsPage').then((m) => m.GoalsPage),
  analytics: () => import('../../features/analytics/components/AnalyticsPage').then((m) => m.AnalyticsPage),
  subscribe: () => import('../../features/subscribe/components/SubscribePage').then((m) => m.SubscribePage),
  profile: () => import('../../features/profile/components/ProfilePage').then((m) => m.ProfilePage),
  notFound: () => import('../../features/not-found/components/NotFoundPage').then((m) => m.NotFoundPage),
};

/** Each page is its own chunk, loaded the first time it is shown. */
export const PAGES = Object.fromEntries(
  Object.entries(LOADERS).map(([key, load]) => [key, lazy(() => load().then((page) => ({ default: page })))]),
) as Record<PageKey, LazyExoticComponent<ComponentType>>;

/**
 * Starts fetching a page's chunk before it is shown (while the session check runs), so it does not
 * wait for the check's answer. A failed fetch is retried, and reported, when the page is shown.
 */
export const preloadPage = (key: PageKey): void => {
  LOADERS[key]().catch(() => undefined);
};
